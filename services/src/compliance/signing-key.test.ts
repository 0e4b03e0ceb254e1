import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_REQUIRED_IN_PRODUCTION, loadSigningKey } from './signing-key';

describe('the audit signing key', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'signing-key-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const configured = () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  it('refuses to start production without a key of its own, and writes none next to the database', () => {
    const dir = dataDir();
    expect(() => loadSigningKey(undefined, dir, 'production')).toThrow(KEY_REQUIRED_IN_PRODUCTION);
    expect(existsSync(path.join(dir, 'audit-signing-key.pem'))).toBe(false);
  });

  it('takes the configured key, as PEM or base64, in production', () => {
    const pem = configured();
    const key = loadSigningKey(pem, dataDir(), 'production');
    expect(loadSigningKey(Buffer.from(pem).toString('base64'), dataDir(), 'production').fingerprint).toBe(key.fingerprint);
  });

  it('generates one key for development, readable by its owner only, and keeps it', () => {
    const dir = dataDir();
    const first = loadSigningKey(undefined, dir, 'development');
    expect(statSync(path.join(dir, 'audit-signing-key.pem')).mode & 0o777).toBe(0o600);
    expect(loadSigningKey(undefined, dir, 'development').fingerprint).toBe(first.fingerprint);
  });
});
