import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import { freePort } from '../../../tests/support/free-port';
import { startProbeServer } from './probe-server';

const eventStore = { kind: 'postgres', readStream: async () => [] } as unknown as EventStore;

describe("the projector's and the worker's probe listener", () => {
  it('serves /livez and /readyz on HEALTH_PORT, 503 on /readyz once draining or when the database fails', async () => {
    const port = await freePort();
    let databaseUp = true;
    const pool = { query: async () => (databaseUp ? { rows: [] } : Promise.reject(new Error('ECONNREFUSED'))) } as unknown as pg.Pool;
    const probes = startProbeServer({ HEALTH_PORT: port, HEALTH_HOST: '127.0.0.1' }, { pool, eventStore });
    const get = (path: string) => fetch(`http://127.0.0.1:${port}${path}`);
    try {
      expect((await get('/livez')).status).toBe(200);
      expect((await get('/readyz')).status).toBe(200);
      expect((await get('/api/orders')).status).toBe(404);
      databaseUp = false;
      expect(await (await get('/readyz')).json()).toMatchObject({ code: 'unavailable', stores: { database: 'down' } });
      databaseUp = true;
      probes.drain();
      const draining = await get('/readyz');
      expect(draining.status).toBe(503);
      expect(await draining.json()).toMatchObject({ draining: true });
      expect((await get('/livez')).status).toBe(200);
    } finally {
      await probes.close();
    }
    await expect(get('/livez')).rejects.toThrow();
  });
});
