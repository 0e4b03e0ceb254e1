import type { Kysely } from 'kysely';
import { systemMetadata } from '@desk/platform/eventstore/event-metadata';
import { DEFAULT_TENANT_ID } from '@desk/machines/tenants/tenant-id';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { pendingDeskChanges } from '@desk/projections/read-models/desk-changes/desk-changes.queries';
import type { ServicesDatabase } from '../db/services-database';
import type { DeskChanges } from './desk-changes';
import { ADMIN_CLI, deskChangeJson } from './desk-change-json';

export interface CliChangeDeps {
  changes: DeskChanges;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shared handle: services' tables and the read models'
  db: Kysely<any>;
  brandNames: ReadonlyMap<string, string>;
}

const json = (deps: CliChangeDeps) => (state: Parameters<typeof deskChangeJson>[0]) =>
  // Stored QR images are named in the summary; a signed link needs the API's secret, which the CLI does not hold.
  deskChangeJson(state, { users: deps.db as Kysely<ServicesDatabase>, fileLink: () => null, brandNames: deps.brandNames });

/**
 * `npm run admin -- pending-changes | confirm-change | decline-change` (decision 0030): how a desk
 * with one admin changes its own rules. The person at the server is the second pair of eyes; what
 * they do is recorded with the system as actor, named `admin-cli`.
 */
export async function pendingChanges(deps: CliChangeDeps) {
  return Promise.all((await pendingDeskChanges(deps.db as Kysely<ReadModelDatabase>)).map(json(deps)));
}

export async function confirmChange(deps: CliChangeDeps, changeId: string) {
  return json(deps)(await deps.changes.confirm(changeId, systemMetadata(DEFAULT_TENANT_ID, ADMIN_CLI)));
}

export async function declineChange(deps: CliChangeDeps, changeId: string, note: string | null) {
  return json(deps)(await deps.changes.decline(changeId, note, systemMetadata(DEFAULT_TENANT_ID, ADMIN_CLI)));
}
