/**
 * The general rate limits raised for tests (decision 0045): a test file sends hundreds of requests a
 * minute from one address and one admin, which the defaults, sized for people, would refuse. The
 * limits still run and count; rate-limits.int.test.ts holds the defaults to their 429.
 */
export const RAISED_RATE_LIMITS = {
  RATE_LIMIT_PUBLIC_PER_MINUTE: 1_000_000,
  RATE_LIMIT_AUTH_PER_MINUTE: 1_000_000,
  RATE_LIMIT_STREAM_PER_MINUTE: 1_000_000,
  RATE_LIMIT_ACCOUNT_PER_MINUTE: 1_000_000,
  RATE_LIMIT_ADMIN_PER_MINUTE: 1_000_000,
  RATE_LIMIT_COMPLIANCE_PER_MINUTE: 1_000_000,
  RATE_LIMIT_WEBHOOKS_PER_MINUTE: 1_000_000,
};

/** The same, as a server process's environment. */
export const RAISED_RATE_LIMITS_ENV = Object.fromEntries(Object.entries(RAISED_RATE_LIMITS).map(([name, value]) => [name, String(value)]));
