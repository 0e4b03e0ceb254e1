import { z } from 'zod';
import { databaseEnv, eventStoreEnv, identityEnv, jobsEnv, loggingEnv, nodeEnv, ordersEnv, parseEnv } from '../config/env-schema';

/** `npm run start:worker`: the background jobs, which live in Redis, so REDIS_URL is required. */
export const workerEnv = parseEnv(
  { ...nodeEnv, ...loggingEnv, ...databaseEnv, ...eventStoreEnv, ...identityEnv, ...jobsEnv, ...ordersEnv, REDIS_URL: z.url({ protocol: /^rediss?$/ }) },
  process.env,
);
