import { describe, expect, it } from 'vitest';
import { ROUTE_LIMIT_DEFAULTS, routeLimitsFrom, type RateLimitSettings } from './rate-limit-env';

describe('the route limits from the settings', () => {
  it('are the defaults, a minute a window, when nothing is set', () => {
    expect(routeLimitsFrom({})).toEqual({ max: ROUTE_LIMIT_DEFAULTS, windowMs: 60_000 });
  });

  it.each<[keyof RateLimitSettings, keyof typeof ROUTE_LIMIT_DEFAULTS]>([
    ['RATE_LIMIT_PUBLIC_PER_MINUTE', 'public'],
    ['RATE_LIMIT_AUTH_PER_MINUTE', 'auth'],
    ['RATE_LIMIT_STREAM_PER_MINUTE', 'stream'],
    ['RATE_LIMIT_ACCOUNT_PER_MINUTE', 'account'],
    ['RATE_LIMIT_ADMIN_PER_MINUTE', 'admin'],
    ['RATE_LIMIT_COMPLIANCE_PER_MINUTE', 'compliance'],
    ['RATE_LIMIT_WEBHOOKS_PER_MINUTE', 'webhooks'],
  ])('%s sets the %s allowance alone', (setting, group) => {
    expect(routeLimitsFrom({ [setting]: 7, RATE_LIMIT_WINDOW_SECONDS: 10 })).toEqual({ max: { ...ROUTE_LIMIT_DEFAULTS, [group]: 7 }, windowMs: 10_000 });
  });
});
