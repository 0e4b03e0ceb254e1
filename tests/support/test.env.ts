import { z } from 'zod';
import { parseEnv } from '../../platform/src/config/env-schema';

/** Configuration of the test run itself (the one place tests read process.env). */
export const testEnv = parseEnv(
  {
    /** A PostgreSQL server for tests; unset starts an embedded one in a temporary directory. */
    TEST_DATABASE_URL: z.url().optional(),
    /** A Redis for tests; unset: tests start redis-server on a free port. */
    REDIS_URL: z.string().min(1).optional(),
    /** Runs the EventStoreDB contract suite against this server. */
    EVENTSTORE_URL: z.string().min(1).optional(),
    CI: z.stringbool().default(false),
    /** Set by vitest in its workers: helpers shared with `npm run bench` use what only a test run provides. */
    VITEST: z.stringbool().default(false),
    /** Debian's chromium, driven by playwright-core for the end-to-end tests (never a downloaded browser). */
    CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
    /** Passed on to the product processes the tests start, so they find node and its tools. */
    PATH: z.string().default('/usr/local/bin:/usr/bin:/bin'),
    HOME: z.string().default('/tmp'),
  },
  process.env,
);
