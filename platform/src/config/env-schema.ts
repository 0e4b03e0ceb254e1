import { z } from 'zod';
import { withSettingFiles } from './setting-files';
import { StartupRefusal } from '../process/startup-refusal';

/**
 * Pieces of configuration shared by the process kinds. Each process has its own env.ts that picks
 * the pieces it needs and parses `process.env` once, failing fast with everything that is wrong.
 */
export const loggingEnv = {
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
};

export const databaseEnv = {
  /** A PostgreSQL server to use; unset means the embedded one, started from DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  /**
   * Every process kind: the longest wait for a connection, a free slot in the pool or a new
   * connection's start-up (decision 0061). A database that hangs fails the wait instead of holding it.
   */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(250).max(600_000).default(5_000),
  /** TCP keepalive on the database's connections, both ends: idle this long, then probed (decision 0061). */
  DATABASE_KEEPALIVE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(10_000),
};

/**
 * The processes that serve requests (`start:api`, `npm start`'s API thread): bounds on one statement
 * (decision 0061). The server cancels a statement past DATABASE_STATEMENT_TIMEOUT_MS and the
 * connection stays; a statement not answered at all within DATABASE_QUERY_TIMEOUT_MS (a hung server or
 * network) fails and its connection is dropped. The projector, the worker and the CLIs have neither:
 * their statements may rightly run long.
 */
export const requestDatabaseEnv = {
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(200).max(3_600_000).default(7_000),
};

export const eventStoreEnv = {
  EVENTSTORE: z.enum(['postgres', 'eventstoredb']).default('postgres'),
  /** e.g. esdb://localhost:2113?tls=false; required when EVENTSTORE=eventstoredb. */
  EVENTSTORE_URL: z.string().min(1).optional(),
};

export const nodeEnv = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
};

type Shape = Record<string, z.ZodType>;

/** A variable that is required when others say so (e.g. SMS_OUTBOX when SMS_PROVIDER=outbox). */
export interface EnvRequirement {
  key: string;
  when: (env: Record<string, unknown>) => boolean;
  message: string;
}

const platformRequirements: EnvRequirement[] = [
  { key: 'EVENTSTORE_URL', when: (env) => env.EVENTSTORE === 'eventstoredb', message: 'required when EVENTSTORE=eventstoredb' },
];

/** Settings that are each valid but wrong together: `wrong` says so of the parsed values. */
const platformConsistency: { key: string; wrong: (env: Record<string, unknown>) => boolean; message: string }[] = [
  {
    key: 'DATABASE_QUERY_TIMEOUT_MS',
    // The server's cancel must come first: it keeps the connection, where the client's bound drops it.
    wrong: (env) =>
      typeof env.DATABASE_QUERY_TIMEOUT_MS === 'number' &&
      typeof env.DATABASE_STATEMENT_TIMEOUT_MS === 'number' &&
      env.DATABASE_QUERY_TIMEOUT_MS <= env.DATABASE_STATEMENT_TIMEOUT_MS,
    message:
      'must be longer than DATABASE_STATEMENT_TIMEOUT_MS (the server cancels a slow statement first; this bound is for a server or network that does not answer at all)',
  },
];

/**
 * Parses `source` against `shape`, failing with every problem rather than running misconfigured.
 * Each setting may come from a file first (`NAME_FILE`, setting-files.ts).
 */
export function parseEnv<S extends Shape>(shape: S, source: NodeJS.ProcessEnv, requirements: EnvRequirement[] = []): z.infer<z.ZodObject<S>> {
  const schema = z.object(shape).superRefine((value: Record<string, unknown>, ctx) => {
    for (const requirement of [...platformRequirements, ...requirements]) {
      if (requirement.when(value) && !value[requirement.key]) ctx.addIssue({ code: 'custom', path: [requirement.key], message: requirement.message });
    }
    for (const check of platformConsistency) {
      if (check.wrong(value)) ctx.addIssue({ code: 'custom', path: [check.key], message: check.message });
    }
  });
  const parsed = schema.safeParse(withSettingFiles(Object.keys(shape), source));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new StartupRefusal(`Invalid environment:\n${problems.join('\n')}`);
  }
  return parsed.data as z.infer<z.ZodObject<S>>;
}
