import type pg from 'pg';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import type { ShortLivedStore } from '../kv/short-lived-store';

/** The stores a process may use, as /readyz names them. */
export type StoreName = 'database' | 'eventstore' | 'redis';

export interface ReadinessDeps {
  /** The read-model PostgreSQL (and the event store's, with EVENTSTORE=postgres). */
  pool: pg.Pool;
  eventStore: EventStore;
  /** Asked only when it is Redis (REDIS_URL): a store in this process's memory cannot be away. */
  store?: Pick<ShortLivedStore, 'kind' | 'get'>;
  /** True from the moment the process starts draining (SIGTERM). */
  draining?: () => boolean;
}

export interface Readiness {
  ready: boolean;
  draining: boolean;
  /** Each store this process uses: `up`, or why not (`down`, `timeout`). */
  stores: Partial<Record<StoreName, 'up' | 'down' | 'timeout'>>;
}

/**
 * Long enough for a store under load to answer a trivial question, short enough that a load
 * balancer's probe (compose: 5 s) gets a 503 from a hung store rather than no answer.
 */
export const CHECK_TIMEOUT_MS = 2_000;

/** A stream no one writes: reading it is one round trip to the event store that returns nothing. */
const PROBE_STREAM = 'readiness-probe';
const PROBE_KEY = 'readiness:probe';

/**
 * Asks the stores for every probe, but never twice at once: probes arriving while a check runs share
 * its answer, so a flood of /readyz holds at most one connection of each store. Draining is read
 * for each answer.
 */
export function readinessCheck(deps: ReadinessDeps, timeoutMs = CHECK_TIMEOUT_MS): () => Promise<Readiness> {
  let running: Promise<Readiness['stores']> | null = null;
  // Each store's question still unanswered, kept past the probe that timed out on it: a hung store is
  // asked once until it answers, not once per probe (each question held a pooled connection, and a
  // probe every few seconds filled the pool while the database hung: review 17).
  const asking = new Map<StoreName, Promise<'up' | 'down'>>();
  const ask = (name: StoreName, check: () => Promise<unknown>) => {
    let question = asking.get(name);
    if (!question) {
      question = check().then(
        () => 'up' as const,
        () => 'down' as const,
      );
      asking.set(name, question);
      void question.finally(() => asking.delete(name));
    }
    return question;
  };
  return async () => {
    running ??= checkStores(deps, ask, timeoutMs).finally(() => {
      running = null;
    });
    const stores = await running;
    const draining = deps.draining?.() ?? false;
    return { ready: !draining && Object.values(stores).every((state) => state === 'up'), draining, stores };
  };
}

type Ask = (name: StoreName, check: () => Promise<unknown>) => Promise<'up' | 'down'>;

/** Whether every store this process uses answers within `timeoutMs`, each asked at once. */
async function checkStores(deps: ReadinessDeps, ask: Ask, timeoutMs: number): Promise<Readiness['stores']> {
  const checks: [StoreName, () => Promise<unknown>][] = [['database', () => deps.pool.query('select 1')]];
  // With EVENTSTORE=postgres the events live in the same database, in their own table: read it too.
  checks.push(['eventstore', () => deps.eventStore.readStream(PROBE_STREAM, { maxCount: 1 })]);
  const store = deps.store;
  if (store?.kind === 'redis') checks.push(['redis', () => store.get(PROBE_KEY)]);
  const results = await Promise.all(checks.map(async ([name, check]) => [name, await within(ask(name, check), timeoutMs)] as const));
  return Object.fromEntries(results) as Readiness['stores'];
}

async function within(answer: Promise<'up' | 'down'>, timeoutMs: number): Promise<'up' | 'down' | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a 503 says in words: draining, or which stores do not answer. */
export function unreadyReason(readiness: Readiness): string {
  if (readiness.draining) return 'The server is shutting down';
  const failed = Object.entries(readiness.stores)
    .filter(([, state]) => state !== 'up')
    .map(([name, state]) => `${name} (${state === 'timeout' ? 'no answer in time' : 'unreachable'})`);
  return `Not ready: ${failed.join(', ')} did not answer`;
}
