import { describe, expect, it } from 'vitest';
import { groupsOf } from './rate-limit';

describe('which allowance a request counts against', () => {
  it('counts a request without a valid token against its address: sign-in, stream connects, or public', () => {
    expect(groupsOf('/api/auth/login', false)).toEqual(['auth']);
    expect(groupsOf('/api/auth', false)).toEqual(['auth']);
    expect(groupsOf('/api/stream', false)).toEqual(['stream']);
    expect(groupsOf('/api/config/public', false)).toEqual(['public']);
    // A signed link, or a signed-in route called without a token, is public: it has no user to count.
    expect(groupsOf('/api/admin/orders/export', false)).toEqual(['public']);
    // A path that only starts like a group's is not in it.
    expect(groupsOf('/api/authority', false)).toEqual(['public']);
  });

  it('counts a signed-in request against its user, by where it goes', () => {
    expect(groupsOf('/api/orders/fiat-to-crypto', true)).toEqual(['account']);
    expect(groupsOf('/api/auth/me', true)).toEqual(['account']);
    expect(groupsOf('/api/admin/orders', true)).toEqual(['admin']);
    expect(groupsOf('/api/admin/webhooks/abc/deliveries', true)).toEqual(['admin', 'webhooks']);
    expect(groupsOf('/api/compliance/orders', true)).toEqual(['compliance']);
  });

  it('never counts the health check', () => {
    expect(groupsOf('/api/health', false)).toEqual([]);
    expect(groupsOf('/api/health', true)).toEqual([]);
  });
});
