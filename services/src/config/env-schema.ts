import { z } from 'zod';

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
};

export const eventStoreEnv = {
  EVENTSTORE: z.enum(['postgres', 'eventstoredb']).default('postgres'),
  /** e.g. esdb://localhost:2113?tls=false; required when EVENTSTORE=eventstoredb. */
  EVENTSTORE_URL: z.string().min(1).optional(),
};

export const httpEnv = {
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
};

export const identityEnv = {
  /** Signs session tokens; unset: generated once and kept in DATA_DIR/jwt-secret. */
  JWT_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  /** The operator's admin account, created at start if missing (development defaults otherwise). */
  ADMIN_PHONE: z.string().regex(/^\+?\d{10,15}$/, 'an optional + and 10 to 15 digits').optional(),
  ADMIN_PASSWORD: z.string().min(6, 'at least 6 characters').optional(),
  /** Behind a reverse proxy: take the client IP from X-Forwarded-For (recorded on every event). */
  TRUST_PROXY: z.stringbool().default(false),
};

export const jobsEnv = {
  /** Redis for OTP codes, rate limits and background jobs (BullMQ); unset: all in this process. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** `console` prints codes (development); `outbox` appends them to SMS_OUTBOX as JSON lines. */
  SMS_PROVIDER: z.enum(['console', 'outbox']).optional(),
  SMS_OUTBOX: z.string().min(1).optional(),
};

export const ordersEnv = {
  /** Unpaid orders (no proof) expire after this many minutes. */
  PAYMENT_WINDOW_MINUTES: z.coerce.number().min(0.01).max(7 * 24 * 60).default(60),
  /** How long the buy screen's quoted rate is promised. */
  RATE_LOCK_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
};

export const nodeEnv = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
};

type Shape = Record<string, z.ZodType>;

/** Parses `source` against `shape`, printing every problem and exiting rather than running misconfigured. */
export function parseEnv<S extends Shape>(shape: S, source: NodeJS.ProcessEnv): z.infer<z.ZodObject<S>> {
  const schema = z.object(shape).superRefine((value: Record<string, unknown>, ctx) => {
    if (value.EVENTSTORE === 'eventstoredb' && !value.EVENTSTORE_URL) {
      ctx.addIssue({ code: 'custom', path: ['EVENTSTORE_URL'], message: 'required when EVENTSTORE=eventstoredb' });
    }
    if (value.SMS_PROVIDER === 'outbox' && !value.SMS_OUTBOX) {
      ctx.addIssue({ code: 'custom', path: ['SMS_OUTBOX'], message: 'required when SMS_PROVIDER=outbox' });
    }
  });
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  }
  return parsed.data as z.infer<z.ZodObject<S>>;
}
