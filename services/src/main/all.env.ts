import { databaseEnv, eventStoreEnv, loggingEnv, nodeEnv, parseEnv } from '@desk/platform/config/env-schema';
import { chainEnv } from '../chain/chain-networks';
import { filesEnv, httpEnv, identityEnv, jobsEnv, jobsRequirements, ordersEnv } from '../config/services-env';
import { metricsEnv, metricsRequirements } from '../config/metrics-env';
import { projectorEnv } from '@desk/projections/runtime/projector-env-schema';

/** `npm start`: API and projection workers in one process. */
export const allEnv = parseEnv(
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
    ...projectorEnv,
    ...metricsEnv,
    ...chainEnv,
  },
  process.env,
  [...jobsRequirements, ...metricsRequirements],
);
