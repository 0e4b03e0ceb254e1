import { describe, expect, it } from 'vitest';
import { parseEnv } from '@desk/platform/config/env-schema';
import { isLoopback, metricsEnv, metricsRequirements } from './metrics-env';

const parse = (source: Record<string, string>) => parseEnv(metricsEnv, source, metricsRequirements);

describe('metrics configuration', () => {
  it('is off by default, and on loopback when a port is given', () => {
    expect(parse({}).METRICS_PORT).toBeUndefined();
    expect(parse({ METRICS_PORT: '9464' })).toEqual({ METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1' });
  });

  it('refuses to listen beyond loopback without a token', () => {
    expect(() => parse({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(/METRICS_TOKEN: required when METRICS_HOST is not a loopback address/);
    expect(parse({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 'a-long-enough-token-1' }).METRICS_TOKEN).toBe('a-long-enough-token-1');
  });

  it('refuses a token too short or not usable as a bearer token', () => {
    expect(() => parse({ METRICS_PORT: '9464', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => parse({ METRICS_PORT: '9464', METRICS_TOKEN: 'has spaces in it, see' })).toThrow(/METRICS_TOKEN/);
  });

  it('knows loopback addresses', () => {
    for (const host of ['127.0.0.1', '127.0.0.53', '::1', 'localhost']) expect(isLoopback(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'metrics.internal', '127.example.com']) expect(isLoopback(host)).toBe(false);
  });
});
