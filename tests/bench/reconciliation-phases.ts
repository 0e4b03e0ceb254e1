/**
 * How the reconciliation bench times its phases: each one's wall time and the CPU the bench process
 * (the product runs in it) and the database spent on it, with progress on the console every few
 * seconds for the long ones (a count the phase moves, read from the database), and the projector's
 * work done as the projector does it: every registered projection on its own runner, reading the
 * log's tail together, until each has applied everything.
 */
import type { Kysely } from 'kysely';
import type { EventStore } from '../../platform/src/eventstore/event-store';
import { projections } from '../../projections/src/read-models';
import { ProjectionRunner } from '../../projections/src/runtime/projection-runner';
import { SharedTailReads } from '../../projections/src/runtime/shared-tail-reads';
import { ownClock, startCpuAccount, type CpuClock } from './process-cpu';

export interface PhaseResult<T> {
  result: T;
  seconds: number;
  /** CPU ms spent in the phase by the bench process (the product's code) and the database (null when not on this machine). */
  cpu: { bench: number; database: number | null };
}

const PROGRESS_MS = 5_000;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** A progress line every few seconds while `work` runs: how far `probe` says it got of `total`, and the rate since the start. */
export async function timedPhase<T>(
  what: string,
  clocks: { database: CpuClock | null },
  progress: { probe: () => Promise<number>; total: number; unit: string } | null,
  work: () => Promise<T>,
): Promise<PhaseResult<T>> {
  (globalThis as { gc?: () => void }).gc?.();
  const account = await startCpuAccount({ bench: ownClock, database: clocks.database });
  const started = performance.now();
  let ticking = true;
  const ticker = progress
    ? (async () => {
        while (ticking) {
          await new Promise((resolve) => setTimeout(resolve, PROGRESS_MS));
          if (!ticking) break;
          const done = await progress.probe();
          const seconds = (performance.now() - started) / 1000;
          process.stderr.write(`  ${what}: ${fmt(done)}/${fmt(progress.total)} ${progress.unit} after ${seconds.toFixed(0)} s (${fmt(done / seconds)}/s)\n`);
        }
      })()
    : Promise.resolve();
  try {
    const result = await work();
    const seconds = (performance.now() - started) / 1000;
    const spent = await account.stop();
    return { result, seconds, cpu: { bench: spent.bench!, database: spent.database } };
  } finally {
    ticking = false;
    await ticker;
  }
}

/**
 * Every registered projection applies the whole log, as the projector would (each on its own
 * runner, side by side); throws if another runner holds one. Answers when each had caught up, in
 * seconds from the start, the last first: side by side on two cores, the last is the phase's time.
 */
export async function projectUntilCaughtUp(db: Kysely<any>, store: EventStore, batchSize: number): Promise<{ name: string; seconds: number }[]> {
  const reader = new SharedTailReads(store);
  const started = performance.now();
  const finished = await Promise.all(
    projections.map(async (projection) => {
      const runner = new ProjectionRunner({ db, store: reader, projection, batchSize, pollMs: 1_000, standbyRetryMs: 100 });
      const caughtUp = await runner.runUntilCaughtUp();
      return { name: projection.name, caughtUp, seconds: (performance.now() - started) / 1000 };
    }),
  );
  const locked = finished.filter((runner) => !runner.caughtUp).map((runner) => runner.name);
  if (locked.length > 0) throw new Error(`projections held by another runner: ${locked.join(', ')}`);
  return finished.map(({ name, seconds }) => ({ name, seconds: +seconds.toFixed(2) })).sort((a, b) => b.seconds - a.seconds);
}

/** The name the probes' counts go by, so the statement counts leave them out. */
export const PROBE = 'bench_progress';

/** The count of rows in `table` (a progress probe). */
export const rowCount =
  (db: Kysely<any>, table: string): (() => Promise<number>) =>
  async () =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as(PROBE))
          .executeTakeFirstOrThrow()
      )[PROBE],
    );

/** The events on one stream so far (a progress probe for an import). */
export const streamLength =
  (db: Kysely<any>, stream: string): (() => Promise<number>) =>
  async () =>
    Number(
      (
        await db
          .selectFrom('es_events')
          .select((eb) => eb.fn.countAll<string>().as(PROBE))
          .where('stream_id', '=', stream)
          .executeTakeFirstOrThrow()
      )[PROBE],
    );
