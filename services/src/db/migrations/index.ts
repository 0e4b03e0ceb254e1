import type { Migration } from 'kysely';
import * as eventStore from './2026-11-21-001-event-store';

/** Event store migrations, by name (names sort in the order they must run). */
export const eventStoreMigrations: Record<string, Migration> = {
  '2026-11-21-001-event-store': eventStore,
};
