import { z } from 'zod';
import type { EnvRequirement } from '@desk/platform/config/env-schema';
import { normalizePhone, PHONE_PATTERN } from '@desk/machines/identity/phone';
import { MIN_PASSWORD_LENGTH } from '@desk/machines/identity/password-rules';
import { ProxyTrust } from '../http/proxy-trust';
import { rateLimitEnv } from '../http/rate-limit-env';
import { isLoopbackHost } from '../http/loopback-host';
import { placeholdersOf } from '../sms/sms-template';
import { HTTP_SMS_DEFAULTS } from '../sms/http-sms';

/** The API's and the job worker's own configuration pieces (platform/src/config/env-schema.ts has the shared ones). */
export const httpEnv = {
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Loopback unless set: a server on every interface is a choice (compose and the image set 0.0.0.0). */
  HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * On SIGTERM /readyz answers 503 at once, and the listener stays open until no request is running
   * and at least this long has passed: how long a load balancer takes to see the 503 (0 with none).
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** The most a drain waits for running requests before the listener closes and what remains is cut (below compose's 20 s grace). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** Requests a minute per client for each route group (http/rate-limit-env.ts, decision 0045). */
  ...rateLimitEnv,
};

/** The projector's and the worker's probes (api/probe-server.ts); the API serves /livez and /readyz on PORT. */
export const probeEnv = {
  /** Serves GET /livez and GET /readyz on this port; unset: no probe listener. */
  HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Loopback by default: the orchestrator's check runs beside the process (compose's runs in its container). */
  HEALTH_HOST: z.string().min(1).default('127.0.0.1'),
};

export const identityEnv = {
  /** Signs session tokens; unset: generated once and kept in DATA_DIR/jwt-secret. */
  JWT_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  /** Signs audit exports: an ed25519 private key (PKCS#8 PEM, or that PEM base64-encoded); unset: generated once in DATA_DIR. */
  AUDIT_SIGNING_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** The operator's admin account, created at start if missing (development defaults otherwise); any spelling, as sign-in takes it. */
  ADMIN_PHONE: z.string().transform(normalizePhone).pipe(z.string().regex(PHONE_PATTERN, 'an optional + and 10 to 15 digits')).optional(),
  ADMIN_PASSWORD: z.string().min(MIN_PASSWORD_LENGTH, `at least ${MIN_PASSWORD_LENGTH} characters`).optional(),
  /**
   * Staff authenticator apps (decision 0029): `required` (every staff member enrols one at their next
   * sign-in) or `optional` (only those enrolled are asked). Production always requires them and
   * refuses `optional`; unset elsewhere: optional, so the development login stays one step.
   */
  STAFF_TOTP: z.enum(['required', 'optional']).optional(),
  /**
   * Reverse proxies in front of the API: a hop count (`1` for one proxy; `true` = 1) or their
   * addresses, comma-separated. The client IP (recorded on every event, used by rate limits) is
   * read that many hops from the right of X-Forwarded-For; unset or `false`: the socket's peer.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const trust = ProxyTrust.parse(value);
      if (!trust) ctx.addIssue({ code: 'custom', message: 'a hop count (0-99), true/false, or a comma-separated list of proxy IP addresses' });
      return trust ?? ProxyTrust.none();
    }),
};

export const jobsEnv = {
  /** Redis for OTP codes, rate limits and background jobs (BullMQ); unset: all in this process. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /**
   * `http`: an SMS gateway (below); `console` prints codes (development); `outbox` appends them to
   * SMS_OUTBOX as JSON lines (development and tests). Production takes `http` only.
   */
  SMS_PROVIDER: z.enum(['console', 'outbox', 'http']).optional(),
  SMS_OUTBOX: z.string().min(1).optional(),
  /** The gateway's endpoint: https, or http to this machine only (a local relay). May hold {{placeholders}}. */
  SMS_HTTP_URL: z
    .url({ protocol: /^https?$/ })
    .refine((url) => url.startsWith('https:') || isLoopbackHost(new URL(url).hostname), 'https, or http to this machine only')
    .optional(),
  SMS_HTTP_METHOD: z.enum(['POST', 'GET']).default(HTTP_SMS_DEFAULTS.method),
  /** One header carrying the gateway's credentials, `Name: value` (e.g. `Authorization: Bearer ...`). */
  SMS_HTTP_AUTH_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+:\s*\S/, 'a header line, Name: value')
    .optional(),
  SMS_HTTP_CONTENT_TYPE: z.enum(['application/json', 'application/x-www-form-urlencoded']).default(HTTP_SMS_DEFAULTS.contentType),
  /** The request body; {{phone}}, {{phone_digits}}, {{message}}, {{code}}, {{purpose}}, {{template_id}} are filled in. */
  SMS_HTTP_BODY: z.string().min(1).default(HTTP_SMS_DEFAULTS.bodyTemplate),
  /** The text sent, with {{code}}: in India it must match the DLT-registered template word for word. */
  SMS_MESSAGE_TEMPLATE: z
    .string()
    .min(1)
    .refine((text) => placeholdersOf(text).includes('code'), 'must contain {{code}}')
    .default(HTTP_SMS_DEFAULTS.messageTemplate),
  /** The DLT template id India's regulator assigned to that text (sent where the body says {{template_id}}). */
  SMS_DLT_TEMPLATE_ID: z.string().min(1).optional(),
  SMS_HTTP_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(HTTP_SMS_DEFAULTS.timeoutMs),
};

export const filesEnv = {
  /**
   * Where uploads (proofs, logos, QR codes) are kept: `postgres` (every replica sees them, backups
   * hold them) or `disk` (DATA_DIR/uploads, one machine). Unset: postgres with DATABASE_URL, else disk.
   */
  FILE_STORAGE: z.enum(['postgres', 'disk']).optional(),
};

export const ordersEnv = {
  /** Unpaid orders (no proof) expire after this many minutes. */
  PAYMENT_WINDOW_MINUTES: z.coerce
    .number()
    .min(0.01)
    .max(7 * 24 * 60)
    .default(60),
  /** How long the buy screen's quoted rate is promised. */
  RATE_LOCK_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
};

/** Pass to parseEnv wherever jobsEnv is parsed. */
export const jobsRequirements: EnvRequirement[] = [
  { key: 'SMS_OUTBOX', when: (env) => env.SMS_PROVIDER === 'outbox', message: 'required when SMS_PROVIDER=outbox' },
  { key: 'SMS_HTTP_URL', when: (env) => env.SMS_PROVIDER === 'http', message: 'required when SMS_PROVIDER=http' },
];
