import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address-key';

describe('what a per-address limit counts a client by', () => {
  it('counts an IPv4 address as it is, and one written as IPv6 as that IPv4 address', () => {
    expect(clientAddressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('::ffff:cb00:7109')).toBe('203.0.113.9');
  });

  it('counts every address and spelling of one IPv6 /64 as one client, and another /64 apart', () => {
    const spellings = ['2001:db8:1:2::1', '2001:0db8:0001:0002:0000:0000:0000:0001', '2001:DB8:1:2:0:0:0:1', '2001:db8:1:2:ffff:1:2:3', '2001:db8:1:2::1%eth0'];
    expect(new Set(spellings.map(clientAddressKey))).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(clientAddressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves anything that is not an address as it came', () => {
    expect(clientAddressKey('unknown')).toBe('unknown');
  });
});
