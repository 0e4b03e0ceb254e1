import { z } from 'zod';
import { parseEnv } from '../../platform/src/config/env-schema';

/** `npm run bench -- rebuild`: how large a log every read model is rebuilt from. */
export const rebuildEnv = parseEnv(
  {
    /** Events seeded (about: orders come whole); the smoke run in npm test seeds a few thousand. */
    BENCH_REBUILD_EVENTS: z.coerce.number().int().min(1_000).default(1_000_000),
  },
  process.env,
);
