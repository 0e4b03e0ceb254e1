import type pg from 'pg';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import { describeBreak } from '@desk/platform/eventstore/chain/verify-chain';
import { verifyStore } from '@desk/platform/eventstore/chain/verify-store';
import { verifyPgStore } from '@desk/platform/eventstore/postgres/pg-verify-store';
import type { HoldingSession } from '@desk/platform/eventstore/postgres/pg-held-back-by';
import { CommandError } from '../cli-errors';
import { count, seconds, type WriteLine } from '../progress';

export interface VerifyStoreReportOptions {
  /**
   * The PostgreSQL database behind a PostgreSQL store: its threads then read their own pages
   * (decision 0053). Without it, or for EventStoreDB, pages are read through the port.
   */
  database?: { pool: pg.Pool; connectionString: string };
  now?: () => number;
}

/** `npm run audit -- verify-store`: walks every stream's chain, a progress line a second, then the verdict. */
export async function verifyStoreReport(store: EventStore, write: WriteLine, { database, now = Date.now }: VerifyStoreReportOptions = {}): Promise<void> {
  const startedAt = now();
  let printedAt = startedAt;
  const onProgress = (done: number) => {
    if (now() - printedAt < 1_000) return;
    printedAt = now();
    write(`[audit] ${count(done)} events checked, ${count(Math.round(done / ((printedAt - startedAt) / 1000)))} events/s`);
  };
  // Named, not waited for in silence: the walk reads every committed event before its verdict (review 16).
  const onHeldBack = (sessions: HoldingSession[]) =>
    write(
      `[audit] waiting for events an open transaction holds back: ${
        sessions.length === 0
          ? 'none open for 5 s now, reading again'
          : sessions.map((s) => `pid ${s.pid} (${s.applicationName || 'no application name'}, ${s.state}, open since ${s.since.toISOString()})`).join('; ')
      }`,
    );
  const result =
    store.kind === 'postgres' && database ? await verifyPgStore({ store, ...database }, onProgress, { onHeldBack }) : await verifyStore(store, onProgress);
  const summary = `${count(result.events)} events in ${count(result.streams)} streams in ${seconds(now() - startedAt)}`;
  if (result.firstBreak) throw new CommandError(`[audit] BROKEN: ${describeBreak(result.firstBreak)} (${summary})`);
  write(`[audit] every chain intact: ${summary}`);
}
