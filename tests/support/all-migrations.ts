import { eventStoreMigrations } from '../../services/src/db/migrations';
import { readModelMigrations } from '../../projections/src/migrations';

export const allMigrations = { ...eventStoreMigrations, ...readModelMigrations };
