import { databaseEnv, eventStoreEnv, loggingEnv, nodeEnv, parseEnv } from '@desk/platform/config/env-schema';
import { projectorEnv } from '@desk/projections/runtime/projector-env-schema';
import { probeEnv } from '../config/services-env';

/** `npm run start:projector` and the `projections` CLI: the projection workers alone. */
export const projectorProcessEnv = parseEnv({ ...nodeEnv, ...loggingEnv, ...databaseEnv, ...eventStoreEnv, ...projectorEnv, ...probeEnv }, process.env);
