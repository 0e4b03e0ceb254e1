/**
 * A real API process on SIGTERM: /readyz answers 503 (and /livez 200) while a request that was
 * running when the signal came is still finishing; that request gets its answer; the process exits 0.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { startEntryPoint, type RunningChild } from '../../../tests/support/child-process';
import { freePort } from '../../../tests/support/free-port';
import { waitFor } from '../../../tests/support/wait-for';

describe('an API process draining on SIGTERM', () => {
  let database: TestDatabase;
  let dataDir: string;
  let api: RunningChild;
  let port: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-drain-'));
    await chmod(dataDir, 0o755);
    port = await freePort();
    api = startEntryPoint('services/src/main/start-api.ts', [], {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'draining-test-secret-draining-test-secret',
      ADMIN_PHONE: '+919000000088',
      ADMIN_PASSWORD: 'draining-admin-password',
      SMS_OUTBOX: path.join(dataDir, 'outbox.jsonl'),
    });
    await waitFor('the api', async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.ok, 60_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${api.output()}`);
    });
  }, 90_000);

  afterAll(async () => {
    if (api.child.exitCode === null && api.child.signalCode === null) {
      api.child.kill('SIGKILL');
      await api.exited;
    }
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers /readyz 503 while a slow request finishes, answers that request, then exits 0', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);

    // A sign-in whose body arrives slowly: the server holds it as a running request until the last byte.
    const body = JSON.stringify({ phone: '+919000000088', password: 'not-the-password' });
    const socket: Socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    api.child.kill('SIGTERM');
    const draining = await waitFor(
      '/readyz to answer 503',
      async () => {
        const response = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
        return response?.status === 503 ? response : null;
      },
      10_000,
    );
    expect(draining.headers.get('retry-after')).toBeTruthy();
    expect(await draining.json()).toMatchObject({ code: 'unavailable', draining: true });
    expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);
    expect(api.child.exitCode).toBeNull();

    // The rest of the body, without half-closing: the server answers, then closes the connection itself.
    socket.write(body.slice(10));
    await ended;
    // The running request was answered in full (a wrong password), told to close its connection.
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(await api.exited).toBe(0);
    // Nothing is served once the drain is over.
    await expect(fetch(`http://127.0.0.1:${port}/livez`)).rejects.toThrow();
  }, 60_000);
});
