import { databaseEnv, eventStoreEnv, loggingEnv, nodeEnv, parseEnv } from '@desk/platform/config/env-schema';
import { filesEnv, jobsEnv } from '../config/services-env';

/** `npm run admin`: the database for accounts and roles, Redis for the sign-in counters, the uploads (a declined change's QR images). */
export const adminCliEnv = parseEnv({ ...nodeEnv, ...loggingEnv, ...databaseEnv, ...eventStoreEnv, ...filesEnv, REDIS_URL: jobsEnv.REDIS_URL }, process.env);
