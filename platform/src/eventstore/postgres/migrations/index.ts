import type { Migration } from 'kysely/migration';
import * as eventStore from './2026-11-21-001-event-store';
import * as hashChain from './2026-11-23-008-event-hash-chain';

/** The PostgreSQL event store's own tables, by name (names sort in run order with every other set). */
export const eventStoreMigrations: Record<string, Migration> = {
  '2026-11-21-001-event-store': eventStore,
  '2026-11-23-008-event-hash-chain': hashChain,
};
