import { z } from 'zod';
import { isIP } from 'node:net';
import type { EnvRequirement } from '@desk/platform/config/env-schema';

/** The API's metrics endpoint (docs/operations.md, "Metrics"). */
export const metricsEnv = {
  /** Serves GET /metrics (Prometheus) on this port, apart from PORT; unset: no metrics endpoint. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Loopback by default: only this machine (a Prometheus or an agent beside it) can scrape. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Bearer token every scrape must send; required when METRICS_HOST is not loopback. */
  METRICS_TOKEN: z
    .string()
    .min(16, 'at least 16 characters')
    .regex(/^[A-Za-z0-9._~+/-]+=*$/, 'letters, digits and ._~+/- only (a bearer token)')
    .optional(),
};

/** Pass to parseEnv wherever metricsEnv is parsed. */
export const metricsRequirements: EnvRequirement[] = [
  {
    key: 'METRICS_TOKEN',
    when: (env) => env.METRICS_PORT !== undefined && !isLoopback(String(env.METRICS_HOST)),
    message: 'required when METRICS_HOST is not a loopback address: anyone who reaches the port could read the metrics',
  },
];

export function isLoopback(host: string): boolean {
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}
