import { databaseEnv, eventStoreEnv, loggingEnv, nodeEnv, parseEnv } from '@desk/platform/config/env-schema';
import { projectorEnv } from '@desk/projections/runtime/projector-env-schema';
import { filesEnv, httpEnv, identityEnv, ordersEnv } from '../config/services-env';

/**
 * `npm run seed -- demo`: the database and what the API it drives needs. Jobs, codes and limits stay
 * in the seed's own memory (no REDIS_URL): it signs in with passwords and sends no codes, and the
 * running product's expiry sweep takes over the unpaid orders' timers. PORT is only for the links printed.
 */
export const seedEnv = parseEnv(
  { ...nodeEnv, ...loggingEnv, ...databaseEnv, ...eventStoreEnv, PORT: httpEnv.PORT, ...identityEnv, ...filesEnv, ...ordersEnv, ...projectorEnv },
  process.env,
);
