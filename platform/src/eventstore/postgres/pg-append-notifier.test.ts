import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { AppendNotifier } from './pg-append-notifier';

const recordingPool = () => {
  const sent: unknown[][] = [];
  const pool = { query: async (...args: unknown[]) => (sent.push(args), { rows: [] }) } as unknown as pg.Pool;
  return { pool, sent };
};

describe('the append notifier', () => {
  it('sends a notification still gathering when it stops: a short-lived process (the admin CLI) does not exit with it unsent', async () => {
    const { pool, sent } = recordingPool();
    const notifier = new AppendNotifier(pool, 'events_appended');
    notifier.appended();
    await notifier.stop();
    expect(sent).toEqual([['select pg_notify($1, $2)', ['events_appended', '']]]);
    // Nothing gathering: nothing more is sent, now or later.
    await notifier.stop();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toHaveLength(1);
  });
});
