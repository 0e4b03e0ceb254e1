import { z } from 'zod';
import { parseEnv } from '../../platform/src/config/env-schema';

/** `npm run bench`: where to measure and how long. */
export const benchEnv = parseEnv(
  {
    /** A PostgreSQL server to measure on; unset starts an embedded one (fsync on) in a temporary directory. */
    BENCH_DATABASE_URL: z.url().optional(),
    BENCH_SECONDS: z.coerce.number().min(1).max(120).default(5),
    BENCH_PROJECTION_EVENTS: z.coerce.number().int().min(1_000).default(200_000),
    /** Orders (with their customers, reference codes and some proof files) the backup bench backs up and restores. */
    BENCH_BACKUP_ORDERS: z.coerce.number().int().min(100).default(20_000),
    PROJECTION_BATCH_SIZE: z.coerce.number().int().min(1).default(2_000),
    /** Extra node arguments for the orders bench's server process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`. */
    BENCH_SERVER_NODE_ARGS: z.string().default(''),
    /** The orders bench server's LOG_LEVEL: `warn` leaves the access lines out; `info` is what production runs. */
    BENCH_SERVER_LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('warn'),
    /**
     * A tiny run that proves every bench still works (npm test runs one): the sizes come from the
     * variables above, as small as they allow, and nothing is written to docs/performance.md.
     */
    BENCH_SMOKE: z.stringbool().default(false),
  },
  process.env,
);
