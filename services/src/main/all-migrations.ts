import type { Migration } from 'kysely';
import { eventStoreMigrations } from '../db/migrations';
import { readModelMigrations } from '@desk/projections/migrations/index';

/** Event store and read-model migrations together: every process runs the same set at start. */
export const allMigrations: Record<string, Migration> = { ...eventStoreMigrations, ...readModelMigrations };
