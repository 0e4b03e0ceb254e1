import { databaseEnv, eventStoreEnv, loggingEnv, nodeEnv, requestDatabaseEnv } from '@desk/platform/config/env-schema';
import { chainEnv } from '../chain/chain-networks';
import { filesEnv, httpEnv, identityEnv, jobsEnv, jobsRequirements, ordersEnv } from '../config/services-env';
import { metricsEnv, metricsRequirements } from '../config/metrics-env';

/** What a process serving the API reads (`start:api`; `npm start` adds the projection workers' settings). */
export const apiEnvSchema = {
  ...nodeEnv,
  ...loggingEnv,
  ...databaseEnv,
  // Its pool bounds every statement (decision 0061); `npm start`'s projector thread reads its own schema, without it.
  ...requestDatabaseEnv,
  ...eventStoreEnv,
  ...httpEnv,
  ...identityEnv,
  ...jobsEnv,
  ...filesEnv,
  ...ordersEnv,
  ...metricsEnv,
  ...chainEnv,
};

/** The settings that must come together (jobs' Redis, the metrics port's token). */
export const apiRequirements = [...jobsRequirements, ...metricsRequirements];
