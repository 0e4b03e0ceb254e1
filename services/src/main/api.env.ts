import { databaseEnv, eventStoreEnv, loggingEnv, nodeEnv, parseEnv } from '@desk/platform/config/env-schema';
import { chainEnv } from '../chain/chain-networks';
import { filesEnv, httpEnv, identityEnv, jobsEnv, jobsRequirements, ordersEnv } from '../config/services-env';
import { metricsEnv, metricsRequirements } from '../config/metrics-env';

/** `npm run start:api`: the HTTP API alone (projections run elsewhere). */
export const apiEnv = parseEnv(
  {
    ...nodeEnv,
    ...loggingEnv,
    ...databaseEnv,
    ...eventStoreEnv,
    ...httpEnv,
    ...identityEnv,
    ...jobsEnv,
    ...filesEnv,
    ...ordersEnv,
    ...metricsEnv,
    ...chainEnv,
  },
  process.env,
  [...jobsRequirements, ...metricsRequirements],
);
