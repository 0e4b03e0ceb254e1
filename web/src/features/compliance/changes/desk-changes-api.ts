import { api, unwrap } from '../../../lib/api';

const changes = api.compliance.changes;

/**
 * The changes to the desk's own rules (docs/desk-changes.md), read only, typed from the server's
 * routes (Hono RPC): every change waiting for a second admin, then the recent ones, and one change.
 * The server records each read on the officer's access trail and refuses a brand's officer (403).
 */
export const deskChangesApi = {
  list: () => unwrap(changes.$get()).then((r) => r.changes),
  get: (id: string) => unwrap(changes[':id'].$get({ param: { id } })).then((r) => r.change),
};

export type ComplianceDeskChange = Awaited<ReturnType<typeof deskChangesApi.get>>;

export const deskChangesKeys = {
  all: ['compliance', 'changes'] as const,
  one: (id: string) => ['compliance', 'changes', id] as const,
};
