import { describe, expect, it } from 'vitest';
import { requestHost } from './request-host';

describe('the host a request names', () => {
  it.each(['sunrise.localhost', 'SunRise.Localhost', 'sunrise.localhost.', 'sunrise.localhost:3000', 'SUNRISE.localhost.:3000', ' sunrise.localhost '])(
    'reads %j as the one form domains are kept in',
    (raw) => {
      expect(requestHost(raw)).toBe('sunrise.localhost');
    },
  );

  it('keeps an IPv6 literal whole, and says nothing for no host', () => {
    expect(requestHost('[::1]:3000')).toBe('[::1]');
    expect(requestHost('[::1]')).toBe('[::1]');
    expect(requestHost('')).toBeNull();
    expect(requestHost(undefined)).toBeNull();
    expect(requestHost('.')).toBeNull();
  });
});
