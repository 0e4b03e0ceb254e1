import { databaseEnv, eventStoreEnv, httpEnv, identityEnv, jobsEnv, loggingEnv, nodeEnv, ordersEnv, parseEnv } from '../config/env-schema';
import { projectorEnv } from '@desk/projections/main/projector-env-schema';

/** `npm start`: API and projection workers in one process. */
export const allEnv = parseEnv(
  { ...nodeEnv, ...loggingEnv, ...databaseEnv, ...eventStoreEnv, ...httpEnv, ...identityEnv, ...jobsEnv, ...ordersEnv, ...projectorEnv },
  process.env,
);
