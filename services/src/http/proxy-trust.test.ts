import { describe, expect, it } from 'vitest';
import { ProxyTrust } from './proxy-trust';

const PROXY = '10.0.0.5';

describe('trusted proxy hops', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(ProxyTrust.parse('false')!.clientIp('198.51.100.7', PROXY)).toBe(PROXY);
    expect(ProxyTrust.parse(undefined)!.clientIp('198.51.100.7', PROXY)).toBe(PROXY);
  });

  it('takes the address one hop left of the proxy, whatever the client wrote before it', () => {
    const one = ProxyTrust.parse('1')!;
    expect(one.clientIp('198.51.100.7', PROXY)).toBe('198.51.100.7');
    // A client that forges the header only adds entries on the left.
    expect(one.clientIp('1.2.3.4, 198.51.100.7', PROXY)).toBe('198.51.100.7');
    expect(ProxyTrust.parse('true')!.clientIp('1.2.3.4, 198.51.100.7', PROXY)).toBe('198.51.100.7');
  });

  it('walks as many hops as there are proxies', () => {
    expect(ProxyTrust.parse('2')!.clientIp('1.2.3.4, 198.51.100.7, 10.0.0.9', PROXY)).toBe('198.51.100.7');
    // Fewer entries than hops: the leftmost is as far as it goes.
    expect(ProxyTrust.parse('3')!.clientIp('198.51.100.7', PROXY)).toBe('198.51.100.7');
  });

  it('with a list of proxies, takes the first address from the right that is not one of them', () => {
    const listed = ProxyTrust.parse('10.0.0.5, 10.0.0.9')!;
    expect(listed.clientIp('1.2.3.4, 198.51.100.7, 10.0.0.9', PROXY)).toBe('198.51.100.7');
    expect(listed.clientIp('198.51.100.7', '203.0.113.50')).toBe('203.0.113.50');
  });

  it('never takes something that is not an IP address', () => {
    expect(ProxyTrust.parse('1')!.clientIp('not-an-ip', PROXY)).toBe(PROXY);
    expect(ProxyTrust.parse('1')!.clientIp('198.51.100.7', '::ffff:10.0.0.5')).toBe('198.51.100.7');
    expect(ProxyTrust.parse('1')!.clientIp(undefined, '::ffff:198.51.100.9')).toBe('198.51.100.9');
  });

  it('refuses a setting it cannot read', () => {
    expect(ProxyTrust.parse('yes please')).toBeNull();
    expect(ProxyTrust.parse('10.0.0.5, proxy.internal')).toBeNull();
  });
});
