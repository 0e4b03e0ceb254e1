import { z } from 'zod';

/**
 * How many requests a minute each route group takes from one client (decision 0045): per signed-in
 * user where a valid token is sent, else per client address (from the trusted proxy hops only).
 * Sized for a real desk: far above what a person at a screen sends, far below what a script
 * hammering one route does. Sign-in and codes keep their own, stricter limits on top.
 */
export const ROUTE_LIMIT_DEFAULTS = {
  /** Not signed in, anything but sign-in and the live stream (the brand's config, files, the API's document): per address. */
  public: 300,
  /** Sign-in, sign-up, codes and password resets, not signed in: per address (one office's staff signing in at nine). */
  auth: 120,
  /** Live stream connections (an EventSource sends no token): per address; every tab reconnects after a restart. */
  stream: 300,
  /** A signed-in account's own routes (orders, saved accounts, its session): per user. */
  account: 300,
  /** The admin desk: per admin. */
  admin: 1_200,
  /** Compliance's reads and exports: per officer. */
  compliance: 600,
  /** Webhook endpoints, their test sends and redeliveries (each may call out): per admin, on top of `admin`. */
  webhooks: 120,
} as const;

export type RouteGroup = keyof typeof ROUTE_LIMIT_DEFAULTS;

/** Each group's allowance per window, and the window (a minute unless set). */
export interface RouteLimits {
  max: Record<RouteGroup, number>;
  windowMs: number;
}

export const DEFAULT_ROUTE_LIMITS: RouteLimits = { max: ROUTE_LIMIT_DEFAULTS, windowMs: 60_000 };

const perMinute = (fallback: number) => z.coerce.number().int().min(1).max(100_000_000).default(fallback);

/** The setting of a group's allowance: RATE_LIMIT_PUBLIC_PER_MINUTE for `public`. */
type PerMinuteSetting<G extends RouteGroup> = `RATE_LIMIT_${Uppercase<G>}_PER_MINUTE`;
const perMinuteSetting = <G extends RouteGroup>(group: G) => `RATE_LIMIT_${group.toUpperCase()}_PER_MINUTE` as PerMinuteSetting<G>;

/** RATE_LIMIT_<GROUP>_PER_MINUTE for each group; unset: the defaults above. */
export const rateLimitEnv = {
  /** The window the allowances are counted in, in seconds: 60 unless set (each allowance then per that window). */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  RATE_LIMIT_PUBLIC_PER_MINUTE: perMinute(ROUTE_LIMIT_DEFAULTS.public),
  RATE_LIMIT_AUTH_PER_MINUTE: perMinute(ROUTE_LIMIT_DEFAULTS.auth),
  RATE_LIMIT_STREAM_PER_MINUTE: perMinute(ROUTE_LIMIT_DEFAULTS.stream),
  RATE_LIMIT_ACCOUNT_PER_MINUTE: perMinute(ROUTE_LIMIT_DEFAULTS.account),
  RATE_LIMIT_ADMIN_PER_MINUTE: perMinute(ROUTE_LIMIT_DEFAULTS.admin),
  RATE_LIMIT_COMPLIANCE_PER_MINUTE: perMinute(ROUTE_LIMIT_DEFAULTS.compliance),
  RATE_LIMIT_WEBHOOKS_PER_MINUTE: perMinute(ROUTE_LIMIT_DEFAULTS.webhooks),
} satisfies Record<PerMinuteSetting<RouteGroup>, z.ZodType> & Record<string, z.ZodType>;

export type RateLimitSettings = Partial<{ [K in keyof typeof rateLimitEnv]: number | undefined }>;

/** The limits from the settings, each unset one its default. */
export function routeLimitsFrom(env: RateLimitSettings): RouteLimits {
  return { max: allowancesFrom(env), windowMs: (env.RATE_LIMIT_WINDOW_SECONDS ?? 60) * 1000 };
}

function allowancesFrom(env: RateLimitSettings): RouteLimits['max'] {
  const groups = Object.keys(ROUTE_LIMIT_DEFAULTS) as RouteGroup[];
  return Object.fromEntries(groups.map((group) => [group, env[perMinuteSetting(group)] ?? ROUTE_LIMIT_DEFAULTS[group]])) as RouteLimits['max'];
}
