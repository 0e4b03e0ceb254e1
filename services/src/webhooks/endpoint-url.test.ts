import { describe, expect, it } from 'vitest';
import { endpointUrlProblem, urlForTrail } from './endpoint-url';
import { isRefusedAddress } from './address-guard';

describe('webhook addresses', () => {
  it('takes https anywhere, and plain http only to this machine outside production', () => {
    expect(endpointUrlProblem('https://crm.example.com/desk', true)).toBeNull();
    for (const local of ['http://localhost:4000/hook', 'http://127.0.0.1/hook', 'http://[::1]:8080/']) {
      expect(endpointUrlProblem(local, false), local).toBeNull();
      expect(endpointUrlProblem(local, true), local).toBe('The address must start with https://');
    }
    expect(endpointUrlProblem('http://example.com/hook', false)).toBe('Plain http:// is allowed only to this machine (localhost); use https://');
    expect(endpointUrlProblem('http://127.0.0.1.nip.io/hook', false)).not.toBeNull();
    expect(endpointUrlProblem('ftp://example.com/', false)).toBe('The address must start with https://');
    expect(endpointUrlProblem('https://user:secret@example.com/', false)).toBe('The address must not carry a user name or password');
    expect(endpointUrlProblem('example.com/hook', false)).toBe('Enter a full address, starting with https://');
  });

  it('records an address on the trail without its query', () => {
    expect(urlForTrail('https://crm.example.com/desk?token=abc')).toBe('https://crm.example.com/desk?…');
    expect(urlForTrail('https://crm.example.com/desk')).toBe('https://crm.example.com/desk');
  });

  it('refuses private, loopback, link-local and reserved addresses in production', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isRefusedAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:8.8.8.8']) {
      expect(isRefusedAddress(address), address).toBe(false);
    }
  });
});
