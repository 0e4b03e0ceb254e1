import { databaseEnv, eventStoreEnv, loggingEnv, nodeEnv, parseEnv } from '@desk/platform/config/env-schema';
import { projectorEnv } from '@desk/projections/runtime/projector-env-schema';

/** `npm run backup` and `npm run restore`: the database, and the batch size the restore's rebuilds use. */
export const backupProcessEnv = parseEnv({ ...nodeEnv, ...loggingEnv, ...databaseEnv, ...eventStoreEnv, ...projectorEnv }, process.env);
