import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import type { ShortLivedStore } from '../kv/short-lived-store';
import { ChangeHub, type HubOptions } from './change-hub';
import { StreamSlots } from './stream-slots';
import { StreamTickets } from './stream-tickets';

export interface LiveUpdates {
  tickets: StreamTickets;
  hub: ChangeHub;
  /** How often an open stream is checked again (stream.routes.ts' HEARTBEAT_MS unless said; tests shorten it). */
  heartbeatMs?: number;
}

/** Built once per API process; `hub.close()` at shutdown ends the open streams. */
export function createLiveUpdates(db: Kysely<ReadModelDatabase>, store: ShortLivedStore, listen: HubOptions['listen']): LiveUpdates {
  return { tickets: new StreamTickets(store), hub: new ChangeHub({ db, listen, slots: new StreamSlots(store) }) };
}
