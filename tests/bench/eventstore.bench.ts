/**
 * `npm run bench -- eventstore`: the event store port against the physical floor on the same
 * database in the same run, and the projection runtime's rebuild rate over a large log.
 */
import { randomUUID } from 'node:crypto';
import { createPool } from '../../platform/src/db/pg-pool';
import { createKysely } from '../../platform/src/db/kysely';
import { migrateToLatest } from '../../platform/src/db/migrate';
import { PgEventStore } from '../../platform/src/eventstore/postgres/pg-event-store';
import type { NewEvent } from '../../platform/src/eventstore/event-store';
import { allMigrations } from '../../services/src/main/all-migrations';
import { contentHash } from '../../platform/src/eventstore/chain/event-hash';
import { verifyStore, type StoreVerification } from '../../platform/src/eventstore/chain/verify-store';
import { verifyPgStore } from '../../platform/src/eventstore/postgres/pg-verify-store';
import { setLogLevel } from '../../platform/src/logging/logger';
import { rebuildProjection } from '../../projections/src/runtime/rebuild';
import { streamSummaryProjection } from '../../projections/src/read-models/stream-summary/stream-summary.projection';
import { seedEvents } from '../support/seed-events';
import { testMetadata } from '../support/event-factory';
import { benchEnv } from './bench.env';
import { openBenchDatabase } from './bench-database';
import { measureAgainstFloor, type Throughput } from './measure';
import { machineDescription, recordRows, type BenchRow } from './performance-doc';

const say = (line: string) => process.stderr.write(`${line}\n`);
/** The port and its floor take turns this many times each (measure.ts, measureAgainstFloor). */
const ROUNDS = 6;

/** A payload shaped like an order placement: what a real append carries. */
function orderPlaced(): NewEvent {
  return {
    eventId: randomUUID(),
    type: 'OrderPlaced',
    data: {
      orderId: randomUUID(),
      refCode: 'ORD-8F3K2Q',
      type: 'fiat_to_crypto',
      method: 'bank',
      network: 'TRC20',
      fiatAmount: '25000',
      rate: '88.50',
      feePercent: '0.5',
      cryptoAmount: '281.07',
      withdrawAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      rateLockedUntil: new Date().toISOString(),
    },
    metadata: testMetadata({ actor: { id: randomUUID(), role: 'customer' } }),
  };
}

export async function runEventStoreBench(): Promise<void> {
  setLogLevel('warn');
  const seconds = benchEnv.BENCH_SECONDS;
  say('eventstore bench: preparing a fresh database');
  const database = await openBenchDatabase(benchEnv.BENCH_DATABASE_URL);
  const pool = createPool({ connectionString: database.url, max: 20, applicationName: 'bench' });
  const db = createKysely<any>(pool);
  try {
    await migrateToLatest(db, allMigrations);
    await pool.query(`create table bench_raw (
      id bigint generated always as identity primary key,
      stream_id text not null, event_type text not null, data jsonb not null, metadata jsonb not null)`);
    const store = new PgEventStore({ pool, connectionString: database.url });

    const rawInsert = async () => {
      const event = orderPlaced();
      await pool.query({
        name: 'bench_raw_insert',
        text: 'insert into bench_raw (stream_id, event_type, data, metadata) values ($1, $2, $3, $4)',
        values: [`order-${event.eventId}`, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata)],
      });
    };
    // Each writer appends to its own order streams with the exact expected revision, as commands do;
    // a stream gets 20 events, then the writer moves to a new one.
    const streams = new Map<number, { id: string; revision: bigint | null; events: number }>();
    const portAppend = async (writer: number) => {
      let stream = streams.get(writer);
      if (!stream || stream.events === 20) {
        stream = { id: `order-${randomUUID()}`, revision: null, events: 0 };
        streams.set(writer, stream);
      }
      const result = await store.append(stream.id, [orderPlaced()], { expected: stream.revision ?? 'no_stream' });
      stream.revision = result.nextExpectedVersion;
      stream.events++;
    };

    const append: Record<string, Throughput> = {};
    for (const writers of [1, 8]) {
      say(`appends: the event store port against the raw INSERT floor, ${writers} writer(s), ${seconds}s each in ${ROUNDS} alternating rounds`);
      streams.clear();
      const run = await measureAgainstFloor(writers, seconds, ROUNDS, { floor: rawInsert, measured: portAppend });
      append[`raw_${writers}`] = run.floor;
      append[`port_${writers}`] = run.measured;
    }

    // The chain's Node half, per event: the JCS encoding and sha-256 an append adds, against the
    // JSON.stringify every append already does for the same payload (the SQL half is in the rates above).
    const hashRuns = benchEnv.BENCH_SMOKE ? 500 : 50_000;
    const sample = { streamId: `order-${randomUUID()}`, ...orderPlaced() };
    const perEventUs = (work: () => void) => {
      const started = performance.now();
      for (let i = 0; i < hashRuns; i++) work();
      return ((performance.now() - started) * 1000) / hashRuns;
    };
    say(`chain: content hash of ${hashRuns.toLocaleString('en-US')} events in Node`);
    const stringifyUs = perEventUs(() => void (JSON.stringify(sample.data) + JSON.stringify(sample.metadata)));
    const hashUs = perEventUs(() => void contentHash(sample));

    const total = benchEnv.BENCH_PROJECTION_EVENTS;
    const before = Number((await pool.query('select count(*) from es_events')).rows[0].count);
    say(`projection: seeding ${total.toLocaleString('en-US')} events`);
    let lastReport = 0;
    await seedEvents(store, {
      streams: total / 100,
      perStream: 100,
      perAppend: 100,
      concurrency: 4,
      category: 'order',
      onProgress: (done) => {
        if (done - lastReport >= 20_000 || done === total) {
          lastReport = done;
          say(`  seeded ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}`);
        }
      },
    });
    const logSize = before + total;

    /** Every event of the log read through the port in pages, nothing applied: the read floor. */
    const readWholeLog = async () => {
      let read = 0;
      for (let position = null as Parameters<typeof store.readAll>[0]; ;) {
        const page = await store.readAll(position, benchEnv.PROJECTION_BATCH_SIZE);
        if (page.length === 0) return read;
        read += page.length;
        position = page[page.length - 1]!.globalPosition;
      }
    };
    say('projection: reading the whole log without applying (the read floor)');
    const readStart = performance.now();
    const readRate = (await readWholeLog()) / ((performance.now() - readStart) / 1000);

    // verify-store against reading alone, in alternating rounds over the same log (the machine is
    // shared and its load drifts within a run): what `npm run audit -- verify-store` runs on
    // PostgreSQL (threads reading their own pages, decision 0053), and the port's path (EventStoreDB's).
    const verified = (verification: StoreVerification) => {
      if (!verification.intact) throw new Error(`the bench's own log does not verify: ${JSON.stringify(verification.firstBreak)}`);
      return verification.events;
    };
    const walks = {
      read: readWholeLog,
      threads: async () => verified(await verifyPgStore({ store, pool, connectionString: database.url })),
      port: async () => verified(await verifyStore(store)),
    };
    const walked = { read: { events: 0, ms: 0 }, threads: { events: 0, ms: 0 }, port: { events: 0, ms: 0 } };
    const verifyRounds = benchEnv.BENCH_SMOKE ? 1 : 3;
    for (let round = 1; round <= verifyRounds; round++) {
      say(`chain: verifying every stream of the whole log against reading it alone, round ${round} of ${verifyRounds}`);
      for (const name of ['read', 'threads', 'port'] as const) {
        const started = performance.now();
        walked[name].events += await walks[name]();
        walked[name].ms += performance.now() - started;
      }
    }
    const walkRate = (name: keyof typeof walked) => walked[name].events / (walked[name].ms / 1000);
    const [verifyReadRate, verifyRate, portVerifyRate] = [walkRate('read'), walkRate('threads'), walkRate('port')];

    say('projection: rebuilding stream-summary from the start');
    const rebuild = await rebuildProjection({
      db,
      store,
      projection: streamSummaryProjection,
      batchSize: benchEnv.PROJECTION_BATCH_SIZE,
      restart: true,
      write: say,
    });
    const rebuildRate = rebuild.eventsApplied / rebuild.seconds;

    const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
    const ms = (n: number) => n.toFixed(2);
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    const result = {
      machine: machineDescription(database.describe),
      append: Object.fromEntries(
        Object.entries(append).map(([k, v]) => [k, { eventsPerSecond: Math.round(v.opsPerSecond), p50Ms: +ms(v.p50Ms), p99Ms: +ms(v.p99Ms), ops: v.ops }]),
      ),
      portToRawRatio: {
        writers1: +ratio(append.port_1!.opsPerSecond, append.raw_1!.opsPerSecond),
        writers8: +ratio(append.port_8!.opsPerSecond, append.raw_8!.opsPerSecond),
      },
      chain: {
        contentHashMicroseconds: +hashUs.toFixed(2),
        stringifyMicroseconds: +stringifyUs.toFixed(2),
        verifyEventsPerSecond: Math.round(verifyRate),
        verifyThroughPortEventsPerSecond: Math.round(portVerifyRate),
        verifyReadOnlyEventsPerSecond: Math.round(verifyReadRate),
      },
      projection: {
        events: logSize,
        readOnlyEventsPerSecond: Math.round(readRate),
        rebuildEventsPerSecond: Math.round(rebuildRate),
        rebuildSeconds: +rebuild.seconds.toFixed(2),
        batchSize: benchEnv.PROJECTION_BATCH_SIZE,
      },
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);

    const appendRow = (writers: 1 | 8, target: string): BenchRow => {
      const port = append[`port_${writers}`]!;
      const raw = append[`raw_${writers}`]!;
      return {
        metric: `append, ${writers} writer${writers > 1 ? 's' : ''}: events/s (p50 / p99 ms)`,
        measured: `${fmt(port.opsPerSecond)} (${ms(port.p50Ms)} / ${ms(port.p99Ms)})`,
        floor: `${fmt(raw.opsPerSecond)} (${ms(raw.p50Ms)} / ${ms(raw.p99Ms)})`,
        ratio: ratio(port.opsPerSecond, raw.opsPerSecond),
        target,
      };
    };
    await recordRows('eventstore', result.machine, [
      appendRow(1, '—'),
      appendRow(8, '≥ 0.90 of raw'),
      {
        metric: 'chain, Node half: JCS + sha-256 of one event, µs',
        measured: hashUs.toFixed(2),
        floor: `${stringifyUs.toFixed(2)} (JSON.stringify of it)`,
        ratio: ratio(hashUs, stringifyUs),
        target: '—',
      },
      {
        metric: `verify-store over ${fmt(logSize)} events, threads reading their own pages (${verifyRounds} rounds): events/s`,
        measured: fmt(verifyRate),
        floor: `${fmt(verifyReadRate)} (read only, alternating)`,
        ratio: ratio(verifyRate, verifyReadRate),
        target: '≥ 0.6 of read only',
      },
      {
        metric: `verify-store over ${fmt(logSize)} events through the port (EventStoreDB's path, ${verifyRounds} rounds): events/s`,
        measured: fmt(portVerifyRate),
        floor: `${fmt(verifyReadRate)} (read only, alternating)`,
        ratio: ratio(portVerifyRate, verifyReadRate),
        target: '—',
      },
      {
        metric: `rebuild stream-summary over ${fmt(logSize)} events: events/s`,
        measured: fmt(rebuildRate),
        floor: `${fmt(readRate)} (read only)`,
        ratio: ratio(rebuildRate, readRate),
        target: '≥ 25,000 events/s',
      },
    ]);
    if (!benchEnv.BENCH_SMOKE) say('eventstore bench: rows added to docs/performance.md');
  } finally {
    await db.destroy();
    await database.close();
  }
}
