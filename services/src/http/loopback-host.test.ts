import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './loopback-host';

describe('a loopback listen address', () => {
  it.each(['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]', '::ffff:127.0.0.1'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });
  it.each(['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'example.com', '128.0.0.1', '::ffff:10.0.0.1'])('%s is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});
