import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import { readinessCheck } from './readiness';

describe('readiness against a store that never answers', () => {
  it('asks it once until it answers, however many probes time out meanwhile, and again once it has', async () => {
    let asked = 0;
    let answer: (() => void) | null = null;
    const pool = {
      query: () => {
        asked++;
        return new Promise<void>((resolve) => (answer = resolve));
      },
    } as unknown as pg.Pool;
    const eventStore = { readStream: async () => [] } as unknown as EventStore;
    const readiness = readinessCheck({ pool, eventStore }, 20);
    for (let probe = 0; probe < 3; probe++) expect((await readiness()).stores).toEqual({ database: 'timeout', eventstore: 'up' });
    // Before: a new `select 1` per probe, each holding a pooled connection while the database hung.
    expect(asked).toBe(1);
    answer!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await readiness()).toMatchObject({ ready: false, stores: { database: 'timeout' } });
    expect(asked).toBe(2);
  });
});
