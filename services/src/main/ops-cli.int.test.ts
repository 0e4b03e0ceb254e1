/**
 * The operations commands as the operator runs them (npm run admin / backup / restore / seed): real
 * processes on test databases, for what only the process shows: arguments, exit codes, stdin and
 * what is printed. What the commands do is tested beside their code in services/src/ops/.
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { keyFingerprint } from '@desk/platform/eventstore/chain/key-fingerprint';
import { plainCanonicalJson } from '@desk/platform/eventstore/chain/canonical-json';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { createCustomer, json, type TestApp } from '../../../tests/support/test-app';
import { it as withApp } from '../../../tests/support/app-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { testEnv } from '../../../tests/support/test.env';
import { createStaff } from '../../../tests/support/desk-changes';

const root = path.resolve(import.meta.dirname, '../../..');

function run(entry: string, args: string[], env: Record<string, string>, stdin?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'services/src/main', entry), ...args], {
    cwd: root,
    env: { PATH: testEnv.PATH, HOME: testEnv.HOME, LOG_LEVEL: 'warn', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin ?? '');
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

// The commands' data directory, their settings (the file's database, that directory), and an empty
// database to restore into: each removed when the file ends, before the app's.
const it = withApp.extend('cli', { scope: 'file' }, async ({ t }, { onCleanup }) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-ops-cli-'));
  const restoredDatabases: TestDatabase[] = [];
  onCleanup(async () => {
    for (const db of restoredDatabases) await db.drop();
    await rm(dir, { recursive: true, force: true });
  });
  const env = () => ({ DATABASE_URL: t.database.url, DATA_DIR: dir });
  const emptyDatabase = async () => {
    const target = await createTestDatabase({ poolSize: 2 });
    restoredDatabases.push(target);
    return target;
  };
  return { dir, env, emptyDatabase };
});

describe('operations commands', () => {
  it('admin: --help lists the commands; bad input is refused with exit 2, a failure with exit 1', async ({ cli: { env } }) => {
    const help = await run('admin-cli.ts', ['--help'], env());
    expect(help.code).toBe(0);
    for (const command of [
      'create-admin',
      'reset-password',
      'unlock-phone',
      'list-admins',
      'phone-collisions',
      'change-phone',
      'pending-changes',
      'confirm-change',
    ])
      expect(help.stdout).toContain(command);

    for (const args of [
      ['frobnicate'],
      ['create-admin'],
      ['create-admin', '--phone', '12'],
      ['list-admins', '--phone', '+919500000001'],
      ['phone-collisions', '--tenant', 'default'],
      ['change-phone', '--phone', '+919500000001'],
      ['change-phone', '--user', 'nope', '--phone', '+919500000001'],
      ['create-admin', '--nope'],
    ]) {
      const refused = await run('admin-cli.ts', args, env());
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr, args.join(' ')).toContain('Usage: npm run admin');
    }
    const noRedis = await run('admin-cli.ts', ['unlock-phone', '--phone', '+919500000001'], env());
    expect(noRedis.code).toBe(1);
    expect(noRedis.stderr).toContain('REDIS_URL is not set');
    expect(noRedis.stderr).toContain('memory of the API process');
  }, 60_000);

  it('admin: create-admin prints a generated password once; reset-password takes one from stdin, and for staff says its holder sets their own', async ({
    t,
    cli: { env },
  }) => {
    const created = await run('admin-cli.ts', ['create-admin', '--phone', '+91 95000 00002'], env());
    expect(created.code).toBe(0);
    const password = /Password \(shown only now[^)]*\): (\S+)/.exec(created.stdout)?.[1];
    expect(password).toBeDefined();
    expect((await json(t.call('POST', '/api/auth/login', { body: { phone: '+919500000002', password } }))).body.user.roles).toEqual(['admin']);

    const reset = await run('admin-cli.ts', ['reset-password', '--phone', '+919500000002', '--password-from-stdin'], env(), 'chosen-pass-1\nignored\n');
    expect(reset.code).toBe(0);
    expect(reset.stdout).not.toContain('Password (shown only now');
    // A staff account: the password set at the server does not sign in; its holder sets their own by SMS (decision 0029, review I2).
    expect(reset.stdout).toContain('This is a staff account: the new password is marked as set by another and does not sign in');
    const refused = await json(t.call('POST', '/api/auth/login', { body: { phone: '+919500000002', password: 'chosen-pass-1' } }));
    expect(refused).toMatchObject({ status: 403, body: { code: 'password_reset_required' } });

    const short = await run('admin-cli.ts', ['reset-password', '--phone', '+919500000002', '--password-from-stdin'], env(), 'abc\n');
    expect(short.code).toBe(2);

    const collisions = await run('admin-cli.ts', ['phone-collisions'], env());
    expect({ code: collisions.code, listed: JSON.parse(collisions.stdout) }).toEqual({ code: 0, listed: [] });

    const listed = await run('admin-cli.ts', ['list-admins'], env());
    expect(JSON.parse(listed.stdout)).toEqual(
      expect.arrayContaining([expect.objectContaining({ phone: '+919500000002', scope: 'operator', brand: 'USDT Desk' })]),
    );
  }, 60_000);

  it('admin: pending-changes lists what waits; confirm-change puts one in force as admin-cli; decline-change ends another (decision 0030)', async ({
    t,
    cli: { env },
  }) => {
    const admin = await t.adminToken();
    const ask = async (body: unknown) => (await json(t.call('PUT', '/api/admin/settings', { token: admin, body }))).body.change._id as string;
    const [off, wider] = [await ask({ controls: { fourEyesAboveInr: 0 } }), await ask({ controls: { requoteBandPercent: 10 } })];
    await t.project();
    const pending = await run('admin-cli.ts', ['pending-changes'], env());
    expect(pending.code).toBe(0);
    expect((JSON.parse(pending.stdout) as { _id: string; reasons: string[] }[]).map((c) => c._id)).toEqual([off, wider]);

    expect((await run('admin-cli.ts', ['confirm-change'], env())).code).toBe(2);
    const confirmed = await run('admin-cli.ts', ['confirm-change', '--id', off], env());
    expect(confirmed.code, confirmed.stderr).toBe(0);
    expect(JSON.parse(confirmed.stdout)).toMatchObject({ _id: off, status: 'confirmed', endedBy: { _id: 'admin-cli' } });
    expect((await json(t.call('GET', '/api/admin/settings', { token: admin }))).body.controls.fourEyesAboveInr).toBe(0);
    // Confirming again is refused in words, without a stack.
    const again = await run('admin-cli.ts', ['confirm-change', '--id', off], env());
    expect({ code: again.code, stderr: again.stderr.trim() }).toEqual({ code: 1, stderr: 'This change was already confirmed (change_not_pending)' });

    const declined = await run('admin-cli.ts', ['decline-change', '--id', wider, '--note', 'Not this week'], env());
    expect(JSON.parse(declined.stdout)).toMatchObject({ status: 'declined', note: 'Not this week' });
    expect((await json(t.call('GET', '/api/admin/settings', { token: admin }))).body.controls.requoteBandPercent).toBe(2);
    expect((await run('admin-cli.ts', ['confirm-change', '--id', crypto.randomUUID()], env())).stderr.trim()).toBe('Change request not found (not_found)');
  }, 60_000);

  it('backup and restore: one file out, an empty database filled from it, a second restore refused', async ({ t, cli: { dir, env, emptyDatabase } }) => {
    const file = path.join(dir, 'cli.jsonl.gz');
    const backup = await run('backup-cli.ts', ['--out', file], env());
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/\[backup\] done: [\d,]+ rows/);

    const target = await emptyDatabase();
    const restore = await run('restore-cli.ts', [file], { DATABASE_URL: target.url, DATA_DIR: dir });
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/\[orders\] done:/);
    expect(restore.stdout).toMatch(/\[restore\] done in [\d.]+s/);
    const count = async (db: { pool: TestDatabase['pool'] }) => (await db.pool.query('select count(*)::int as n from users')).rows[0].n;
    expect(await count(target)).toBe(await count(t.database));

    const again = await run('restore-cli.ts', [file], { DATABASE_URL: target.url, DATA_DIR: dir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('--force');
    expect((await run('restore-cli.ts', [], env())).code).toBe(2);
    expect((await run('restore-cli.ts', [path.join(dir, 'missing.gz')], env())).code).toBe(1);
  }, 90_000);

  it('seed: refuses production, and names what it seeds', async ({ cli: { env } }) => {
    const production = await run('seed-cli.ts', ['demo'], { ...env(), NODE_ENV: 'production' });
    expect(production.code).toBe(1);
    expect(production.stderr).toContain('NODE_ENV=production');
    expect((await run('seed-cli.ts', ['everything'], env())).code).toBe(2);
  }, 30_000);

  it('audit: verifies an export with no database, names what was changed, and walks the store', async ({ t, cli: { dir, env } }) => {
    const body = { phone: '+919160000009', password: 'compliance1', roles: ['compliance'] };
    await createStaff(t, body);
    const officer = await t.login(body.phone, body.password);
    const made = await json(t.call('POST', '/api/compliance/exports', { token: officer, body: { orderIds: [await placeOrder(t)] } }));
    const file = path.join(dir, 'audit-export.jsonl');
    await writeFile(file, await (await t.app.request(made.body.url)).text());

    // No DATABASE_URL, no DATA_DIR: the verifier needs neither. Without --key it names the signer and fails.
    const unpinned = await run('audit-cli.ts', ['verify', file], {});
    expect(unpinned.code).toBe(1);
    expect(unpinned.stdout).not.toMatch(/intact/);
    expect(unpinned.stderr).toContain('NOT verified');
    const fingerprint = /signed by (sha256:[0-9a-f]{64})/.exec(unpinned.stdout)![1]!;
    expect(fingerprint).toBe((await json(t.call('GET', '/api/compliance/signing-key', { token: officer }))).body.fingerprint);
    const verified = await run('audit-cli.ts', ['verify', file, '--key', fingerprint], {});
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(/intact\. Export [0-9a-f-]+: 1 events in 1 streams/);
    expect((await run('audit-cli.ts', ['verify', file, '--key', `sha256:${'0'.repeat(64)}`], {})).code).toBe(1);

    // A forged export re-signed with a key of the forger's own: no key but the operator's vouches for it.
    const forged = path.join(dir, 'forged-export.jsonl');
    await writeFile(forged, resigned(await readFile(file, 'utf8')));
    const forgedUnpinned = await run('audit-cli.ts', ['verify', forged], {});
    expect(forgedUnpinned.code).toBe(1);
    expect(forgedUnpinned.stdout).not.toMatch(/intact/);
    expect((await run('audit-cli.ts', ['verify', forged, '--key', fingerprint], {})).code).toBe(1);
    await writeFile(file, (await readFile(file, 'utf8')).replace('"fiatAmount":"1500"', '"fiatAmount":"15000"'));
    const edited = await run('audit-cli.ts', ['verify', file], {});
    expect(edited.code).toBe(1);
    expect(edited.stdout).toMatch(/does not match its hash/);
    expect((await run('audit-cli.ts', ['verify'], {})).code).toBe(2);

    const store = await run('audit-cli.ts', ['verify-store'], env());
    expect(store.code).toBe(0);
    expect(store.stdout).toMatch(/every chain intact: [\d,]+ events/);
    await t.database.pool.query(`update es_events set metadata = jsonb_set(metadata, '{ip}', '"10.9.9.9"') where event_type = 'OrderPlaced'`);
    const broken = await run('audit-cli.ts', ['verify-store'], env());
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/BROKEN: order-[0-9a-f-]+: event at position 0 does not match its hash/);
  }, 60_000);

  /** The export with its manifest's id changed and signed again by a key of the forger's own. */
  function resigned(text: string): string {
    const lines = text.trimEnd().split('\n');
    const closing = JSON.parse(lines.pop()!) as { manifest: Record<string, unknown> };
    const manifest = { ...closing.manifest, exportId: '00000000-0000-4000-8000-00000000f02d' };
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const signature = {
      algorithm: 'ed25519',
      keyFingerprint: keyFingerprint(publicKeyPem),
      publicKeyPem,
      value: sign(null, Buffer.from(plainCanonicalJson(manifest)!), privateKey).toString('base64'),
    };
    return `${[...lines, JSON.stringify({ kind: 'manifest', manifest, signature })].join('\n')}\n`;
  }

  /** A new customer's buy order of 1,500 INR: its id. */
  async function placeOrder(t: TestApp): Promise<string> {
    const token = await createCustomer(t, '+919160000001');
    const order = { fiatAmount: 1500, network: 'TRC20', withdrawAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', method: 'bank' };
    const placed = await json(t.call('POST', '/api/orders/fiat-to-crypto', { token, body: order }));
    expect(placed.status).toBe(201);
    return placed.body.order._id as string;
  }
});
