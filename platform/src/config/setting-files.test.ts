import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseEnv } from './env-schema';
import { StartupRefusal } from '../process/startup-refusal';

const shape = {
  JWT_SECRET: z.string().min(32).optional(),
  METRICS_TOKEN: z.string().optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
};
const SECRET = 'a-jwt-secret-of-forty-characters-long-42';

describe('settings from files (NAME_FILE)', () => {
  let dir: string;
  const file = (name: string, contents: string) => {
    const at = path.join(dir, name);
    writeFileSync(at, contents, { mode: 0o600 });
    return at;
  };
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'setting-files-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("takes the file's contents, one trailing newline trimmed, as the value", () => {
    expect(parseEnv(shape, { JWT_SECRET_FILE: file('jwt', `${SECRET}\n`) }).JWT_SECRET).toBe(SECRET);
    expect(parseEnv(shape, { JWT_SECRET_FILE: file('jwt-crlf', `${SECRET}\r\n`) }).JWT_SECRET).toBe(SECRET);
    // Only one: a value that ends in a newline of its own keeps it.
    expect(parseEnv(shape, { METRICS_TOKEN_FILE: file('token', 'abc\n\n') }).METRICS_TOKEN).toBe('abc\n');
    // The value then meets its schema like any other: too short is still refused.
    expect(() => parseEnv(shape, { JWT_SECRET_FILE: file('short', 'short\n') })).toThrow(/JWT_SECRET/);
  });

  it('refuses NAME and NAME_FILE both set, naming them and never the value', () => {
    const attempt = () => parseEnv(shape, { JWT_SECRET: SECRET, JWT_SECRET_FILE: file('both', 'another-secret-of-forty-characters-long\n') });
    expect(attempt).toThrow(StartupRefusal);
    expect(attempt).toThrow(/JWT_SECRET and JWT_SECRET_FILE are both set/);
    expect(() => attempt()).not.toThrow(/another-secret|a-jwt-secret/);
  });

  it('refuses a file that is missing, unreadable or empty, naming the variable and the file', () => {
    expect(() => parseEnv(shape, { JWT_SECRET_FILE: path.join(dir, 'missing') })).toThrow(/JWT_SECRET_FILE: cannot read .*missing \(ENOENT\)/);
    expect(() => parseEnv(shape, { JWT_SECRET_FILE: dir })).toThrow(/JWT_SECRET_FILE: cannot read .* \(EISDIR\)/);
    expect(() => parseEnv(shape, { METRICS_TOKEN_FILE: file('empty', '\n') })).toThrow(/METRICS_TOKEN_FILE: .*empty is empty/);
    if (process.getuid?.() !== 0) {
      const locked = file('locked', `${SECRET}\n`);
      chmodSync(locked, 0o000);
      expect(() => parseEnv(shape, { JWT_SECRET_FILE: locked })).toThrow(/cannot read .*locked \(EACCES\)/);
    }
  });

  it('reads only the settings the process takes: a NAME_FILE for another is left alone', () => {
    const env = parseEnv(shape, { ADMIN_PASSWORD_FILE: path.join(dir, 'missing') });
    expect(env).not.toHaveProperty('ADMIN_PASSWORD');
  });

  it("puts DATABASE_PASSWORD_FILE's contents into DATABASE_URL as its password, encoded", () => {
    const env = parseEnv(shape, { DATABASE_URL: 'postgres://desk@postgres:5432/desk', DATABASE_PASSWORD_FILE: file('pg', 'p@ss/w%rd\n') });
    const url = new URL(env.DATABASE_URL!);
    expect(decodeURIComponent(url.password)).toBe('p@ss/w%rd');
    expect(url.username).toBe('desk');
    expect(url.host).toBe('postgres:5432');
    expect(url.pathname).toBe('/desk');
  });

  it('refuses DATABASE_PASSWORD_FILE beside a URL that carries a password, or with no URL', () => {
    const pg = file('pg2', 'secret\n');
    expect(() => parseEnv(shape, { DATABASE_URL: 'postgres://desk:old@postgres/desk', DATABASE_PASSWORD_FILE: pg })).toThrow(
      /DATABASE_URL carries a password and DATABASE_PASSWORD is set too/,
    );
    expect(() => parseEnv(shape, { DATABASE_PASSWORD_FILE: pg })).toThrow(/DATABASE_PASSWORD is set but DATABASE_URL is not/);
    expect(() => parseEnv(shape, { DATABASE_URL: 'postgres://desk@postgres/desk', DATABASE_PASSWORD: 'x', DATABASE_PASSWORD_FILE: pg })).toThrow(
      /DATABASE_PASSWORD and DATABASE_PASSWORD_FILE are both set/,
    );
  });

  it('says every problem at once', () => {
    const attempt = () => parseEnv(shape, { JWT_SECRET_FILE: path.join(dir, 'nope'), METRICS_TOKEN: 'a', METRICS_TOKEN_FILE: file('t2', 'b') });
    expect(attempt).toThrow(/JWT_SECRET_FILE[\s\S]*METRICS_TOKEN and METRICS_TOKEN_FILE/);
  });

  it('refuses a real entry point at start-up with the one plain line, before it opens anything', () => {
    const home = path.join(dir, 'entry');
    mkdirSync(home);
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../../../services/src/main/start-worker.ts')], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: home, REDIS_URL: 'redis://127.0.0.1:1', JWT_SECRET_FILE: path.join(home, 'missing') },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Refused to start: a setting from a file is wrong:\n {2}JWT_SECRET_FILE: cannot read .*missing \(ENOENT\)\n$/);
  });
});
