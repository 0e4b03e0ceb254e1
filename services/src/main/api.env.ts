import { databaseEnv, eventStoreEnv, httpEnv, identityEnv, jobsEnv, loggingEnv, nodeEnv, ordersEnv, parseEnv } from '../config/env-schema';

/** `npm run start:api`: the HTTP API alone (projections run elsewhere). */
export const apiEnv = parseEnv({ ...nodeEnv, ...loggingEnv, ...databaseEnv, ...eventStoreEnv, ...httpEnv, ...identityEnv, ...jobsEnv, ...ordersEnv }, process.env);
