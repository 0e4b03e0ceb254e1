import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseEnv, parseEnv } from '@desk/platform/config/env-schema';
import { identityEnv, jobsEnv, jobsRequirements } from './services-env';
import { metricsEnv, metricsRequirements } from './metrics-env';

/** Every secret the API takes, as docs/operations.md lists them, each with a value its schema accepts. */
const SECRETS: Record<string, string> = {
  JWT_SECRET: 'a-jwt-secret-of-forty-characters-long-42',
  AUDIT_SIGNING_KEY: 'LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0t',
  ADMIN_PASSWORD: 'an-admin-password-long-enough',
  SMS_HTTP_AUTH_HEADER: 'Authorization: Bearer gateway-token',
  SMS_HTTP_URL: 'https://sms.example.com/send?key=gateway-key',
  SMS_HTTP_BODY: '{"to":"{{phone}}","text":"{{message}}","key":"gateway-key"}',
  METRICS_TOKEN: 'a-metrics-token-of-32-characters',
};

describe("the API's secrets, each from a file", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'secret-settings-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes every one of them, and the database password, as NAME_FILE', () => {
    const source: Record<string, string> = { SMS_PROVIDER: 'http', METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', DATABASE_URL: 'postgres://desk@db/desk' };
    for (const [name, value] of Object.entries({ ...SECRETS, DATABASE_PASSWORD: 'db-secret' })) {
      const file = path.join(dir, name.toLowerCase());
      writeFileSync(file, `${value}\n`, { mode: 0o600 });
      source[`${name}_FILE`] = file;
    }
    const env = parseEnv({ ...databaseEnv, ...identityEnv, ...jobsEnv, ...metricsEnv }, source, [...jobsRequirements, ...metricsRequirements]);
    for (const [name, value] of Object.entries(SECRETS)) expect(env[name as keyof typeof env], name).toBe(value);
    expect(env.DATABASE_URL).toBe('postgres://desk:db-secret@db/desk');
  });
});
