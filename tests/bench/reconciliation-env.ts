import { z } from 'zod';
import { parseEnv } from '../../platform/src/config/env-schema';

/** `npm run bench -- reconciliation`: how large a statement and order book, and whether to profile. */
export const reconciliationEnv = parseEnv(
  {
    /** The statement's lines (issue 28: 100,000); a month's file holds about 33,000 of them. */
    BENCH_RECONCILIATION_LINES: z.coerce.number().int().min(100).max(200_000).default(100_000),
    /** The orders its lines are matched against (issue 28: 200,000); at least the lines' count. */
    BENCH_RECONCILIATION_ORDERS: z.coerce.number().int().min(100).max(1_000_000).default(200_000),
    /** Lanes the matcher weighs at once, to compare counts (1: every line in turn); unset: the product's own matcher as built. */
    BENCH_RECONCILIATION_LANES: z.coerce.number().int().min(1).max(32).optional(),
    /** A directory: the import and the matching are each profiled into a .cpuprofile there, and summarised on the console. */
    BENCH_RECONCILIATION_PROFILE: z.string().min(1).optional(),
  },
  process.env,
);
