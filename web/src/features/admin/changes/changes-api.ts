import { api, unwrap, type SuccessBody } from '../../../lib/api';

const changes = api.admin.changes;

/**
 * Changes to the desk's rules waiting for a second admin (docs/desk-changes.md), typed from the
 * server's routes (Hono RPC): the list with the count waiting for the signed-in admin, one change,
 * and what another admin (confirm, decline) or its requester (withdraw) may do.
 */
export const changesApi = {
  list: () => unwrap(changes.$get()),
  get: (id: string) => unwrap(changes[':id'].$get({ param: { id } })).then((r) => r.change),
  confirm: (id: string) => unwrap(changes[':id'].confirm.$post({ param: { id } })),
  decline: ({ id, note }: { id: string; note: string }) => unwrap(changes[':id'].decline.$post({ param: { id }, json: note ? { note } : {} })),
  withdraw: (id: string) => unwrap(changes[':id'].withdraw.$post({ param: { id } })),
};

export type DeskChange = Awaited<ReturnType<typeof changesApi.get>>;
export type SummaryLine = DeskChange['summary'][number];

export const changesKeys = {
  all: ['admin', 'changes'] as const,
  one: (id: string) => ['admin', 'changes', id] as const,
};

/**
 * `unwrap` for a route that answers 200 with what it saved or 202 with a change waiting for a second
 * admin: the answer typed as either body (the typed client gives one response type per status; its
 * refusals, which unwrap throws for, are not among them).
 */
export function unwrapSaveOrWait<R extends Response>(response: Promise<R>): Promise<SuccessBody<R>> {
  return unwrap(response);
}

/** What a route that changes the desk's rules answers when the change waits for a second admin (202). */
export interface WaitingAnswer {
  pendingConfirmation: true;
  change: DeskChange;
  message: string;
}

/** Whether a save's answer is a change waiting for a second admin rather than the thing saved. */
export function waitsForSecondAdmin(answer: unknown): answer is WaitingAnswer {
  return typeof answer === 'object' && answer !== null && (answer as { pendingConfirmation?: unknown }).pendingConfirmation === true;
}
