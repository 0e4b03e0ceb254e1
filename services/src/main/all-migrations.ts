import type { Migration } from 'kysely/migration';
import { eventStoreMigrations } from '@desk/platform/eventstore/postgres/migrations/index';
import { servicesMigrations } from '../db/migrations';
import { readModelMigrations } from '@desk/projections/read-models/migrations';

/** The event store's, the services' and the read models' migrations: every process runs the same set at start. */
export const allMigrations: Record<string, Migration> = { ...eventStoreMigrations, ...servicesMigrations, ...readModelMigrations };
