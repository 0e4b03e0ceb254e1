import { databaseEnv, eventStoreEnv, loggingEnv, nodeEnv, parseEnv } from '@desk/platform/config/env-schema';
import { jobsEnv } from '../config/services-env';

/** `npm run admin`: the database for accounts and roles, and Redis for the sign-in counters. */
export const adminCliEnv = parseEnv({ ...nodeEnv, ...loggingEnv, ...databaseEnv, ...eventStoreEnv, REDIS_URL: jobsEnv.REDIS_URL }, process.env);
