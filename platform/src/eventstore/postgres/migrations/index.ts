import type { Migration } from 'kysely';
import * as eventStore from './2026-11-21-001-event-store';

/** The PostgreSQL event store's own tables, by name (names sort in run order with every other set). */
export const eventStoreMigrations: Record<string, Migration> = {
  '2026-11-21-001-event-store': eventStore,
};
