import { describe, expect, it } from 'vitest';
import { isRefusedAddress } from './address-guard';

describe('the addresses a production desk never sends a webhook to', () => {
  it('refuses this machine, private and reserved networks, and IPv6 forms carrying an IPv4 address (review 11, F4)', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '169.254.169.254',
      '::1',
      '::ffff:127.0.0.1',
      '::127.0.0.1',
      '2002:7f00:1::1',
      '64:ff9b:1::a9fe:a9fe',
      '::ffff:0:7f00:1',
      'fec0::1',
      '100::1',
      'fd00:ec2::254',
      'not an address',
    ])
      expect(isRefusedAddress(address), address).toBe(true);
  });

  it('lets public addresses through', () => {
    for (const address of ['8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isRefusedAddress(address), address).toBe(false);
  });
});
