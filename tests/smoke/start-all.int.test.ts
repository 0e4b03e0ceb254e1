/**
 * The README's promise: `npm start` on a fresh data directory gives the product on PORT with an
 * embedded PostgreSQL, keeps its data across restarts, and shuts down cleanly on SIGTERM.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEntryPoint, type RunningChild } from '../support/child-process';
import { freePort } from '../support/free-port';
import { waitFor } from '../support/wait-for';

describe('npm start (all-in-one, embedded PostgreSQL)', () => {
  const running: RunningChild[] = [];
  let dataDir = '';

  afterAll(async () => {
    for (const { child, exited } of running) {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function start(port: number, pgPort: number): Promise<RunningChild> {
    const child = startEntryPoint('services/src/main/start-all.ts', [], {
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(pgPort),
      LOG_LEVEL: 'info',
    });
    running.push(child);
    await waitFor('the server to answer', async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok, 60_000);
    return child;
  }

  it('serves the order service on a fresh data directory, keeps its data across a restart, and stops cleanly', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-smoke-'));
    await chmod(dataDir, 0o755);
    const [port, pgPort] = [await freePort(), await freePort()];

    const first = await start(port, pgPort);
    const ready = { status: 'ok', eventStore: 'postgres', stores: { database: 'up', eventstore: 'up' } };
    expect(await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()).toEqual(ready);
    expect(await (await fetch(`http://127.0.0.1:${port}/readyz`, { headers: { host: 'lb-probe.internal' } })).json()).toEqual(ready);
    expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('USDT Desk');
    const missing = await fetch(`http://127.0.0.1:${port}/api/no-such-route`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Not found', code: 'not_found' });
    expect(first.output()).toContain('initialising embedded PostgreSQL cluster');
    expect(first.output()).toContain('development admin: phone +919999999999, password admin123');

    // The order service end to end: the admin signs in, places an order, and the projector puts it
    // in the admin list.
    const api = (path: string, init: { method?: string; token?: string; body?: unknown } = {}) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        method: init.method ?? 'GET',
        headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    const login = await api('/api/auth/login', { method: 'POST', body: { phone: '+919999999999', password: 'admin123' } });
    expect(login.status).toBe(200);
    const placed = await api('/api/orders/fiat-to-crypto', {
      method: 'POST',
      token: login.body.token,
      body: { fiatAmount: 8500, network: 'TRC20', withdrawAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', method: 'bank' },
    });
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ rate: '85', cryptoAmount: '100.00', status: 'pending' });
    const listed = await waitFor('the order in the admin list', async () => {
      const list = await api(`/api/admin/orders?refCode=${placed.body.order.refCode}`, { token: login.body.token });
      return list.body.total === 1 ? list.body.items[0] : null;
    });
    expect(listed._id).toBe(placed.body.order._id);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = await start(port, pgPort);
    expect(second.output()).not.toContain('initialising embedded PostgreSQL cluster');
    // Data and the generated token secret survive the restart: the old token still works.
    const me = await fetch(`http://127.0.0.1:${port}/api/orders`, { headers: { authorization: `Bearer ${login.body.token}` } });
    expect(((await me.json()) as any).orders).toHaveLength(1);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});
