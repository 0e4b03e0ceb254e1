import { z } from 'zod';
import { databaseEnv, eventStoreEnv, loggingEnv, nodeEnv, parseEnv } from '@desk/platform/config/env-schema';
import { chainEnv } from '../chain/chain-networks';
import { filesEnv, identityEnv, jobsEnv, jobsRequirements, ordersEnv, probeEnv } from '../config/services-env';

/** `npm run start:worker`: the background jobs, which live in Redis, so REDIS_URL is required. */
export const workerEnv = parseEnv(
  {
    ...nodeEnv,
    ...loggingEnv,
    ...databaseEnv,
    ...eventStoreEnv,
    ...identityEnv,
    ...jobsEnv,
    ...filesEnv,
    ...ordersEnv,
    ...chainEnv,
    ...probeEnv,
    REDIS_URL: z.url({ protocol: /^rediss?$/ }),
  },
  process.env,
  jobsRequirements,
);
