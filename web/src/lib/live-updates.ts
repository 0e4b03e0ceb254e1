import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { callApi } from './api';

/** What an `order` event says (docs/api.md, "Live updates"). */
export interface OrderChange {
  orderId: string;
  refCode: string;
  status: string;
  tenantId: string;
  isNew: boolean;
  changedAt: string;
}

/** What to refetch when something changes: each area names its own query keys. */
export interface LiveKeys {
  /** Everything the stream keeps fresh: refetched after a `reset` and when a stream starts afresh. */
  all: QueryKey[];
  order: (change: OrderChange) => QueryKey[];
  dashboard?: QueryKey[];
}

/** While the stream is up, polling only guards against a stream that died without a word. */
export const LIVE_POLL_MS = 120_000;
const MIN_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/** The part of EventSource used here (a fake in tests). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
  onerror: ((event: Event) => void) | null;
}

export interface LiveOptions {
  client: QueryClient;
  keys: LiveKeys;
  /** Injected by tests; the browser's EventSource otherwise (absent: no stream, screens keep polling). */
  openStream?: (url: string) => EventSourceLike;
  ticket?: () => Promise<{ ticket: string }>;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

// Whether a stream is up, for the screens' polling: one stream per page, so one flag.
let up = false;
const listeners = new Set<() => void>();
function setUp(value: boolean) {
  if (up === value) return;
  up = value;
  listeners.forEach((l) => l());
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useLiveUpdatesUp(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => up,
    () => false,
  );
}

/**
 * A screen's polling interval, given the stream: as asked while the stream is down (or never
 * opened), at most every LIVE_POLL_MS while it is up. `poll(false)` stays false.
 */
export function useLivePolling(): <T extends number | false | undefined>(ms: T) => T | number {
  const live = useLiveUpdatesUp();
  return (ms) => (live && typeof ms === 'number' ? Math.max(ms, LIVE_POLL_MS) : ms);
}

/**
 * One live stream for the signed-in page: a ticket, then an EventSource on `/api/stream`; each event
 * invalidates the query keys of what changed. A ticket opens one stream only, so a dropped stream
 * is reopened here (with backoff and a new ticket), passing the last event id so the server replays
 * what was missed; EventSource's own retry would reuse the spent ticket.
 */
export class LiveConnection {
  private source: EventSourceLike | null = null;
  private timer: unknown = null;
  private retryMs = MIN_RETRY_MS;
  private lastEventId: string | null = null;
  private stopped = false;

  constructor(private readonly options: LiveOptions) {}

  start(): void {
    const open = this.options.openStream ?? (typeof EventSource === 'undefined' ? null : (url: string) => new EventSource(url));
    if (!open) return;
    void this.connect(open);
  }

  stop(): void {
    this.stopped = true;
    this.source?.close();
    this.source = null;
    if (this.timer !== null) (this.options.clearTimer ?? clearTimeout)(this.timer as ReturnType<typeof setTimeout>);
    setUp(false);
  }

  private async connect(open: (url: string) => EventSourceLike): Promise<void> {
    let ticket: string;
    try {
      ticket = (await (this.options.ticket ?? (() => callApi<{ ticket: string }>('POST', '/api/stream/ticket')))()).ticket;
    } catch {
      return this.retry(open);
    }
    if (this.stopped) return;
    const query = new URLSearchParams({ ticket });
    if (this.lastEventId) query.set('lastEventId', this.lastEventId);
    const source = open(`/api/stream?${query}`);
    this.source = source;
    const { client, keys } = this.options;
    const invalidate = (list: QueryKey[]) => list.forEach((queryKey) => void client.invalidateQueries({ queryKey }));
    const everything = () => invalidate([...keys.all, ...(keys.dashboard ?? [])]);
    const track = (event: MessageEvent) => {
      if (event.lastEventId) this.lastEventId = event.lastEventId;
      return JSON.parse(event.data as string) as unknown;
    };
    source.addEventListener('ready', (event) => {
      const data = track(event) as { resumed: boolean };
      this.retryMs = MIN_RETRY_MS;
      setUp(true);
      // A first stream cannot know what changed between the screens' fetches and now.
      if (!data.resumed) everything();
    });
    source.addEventListener('order', (event) => invalidate(keys.order(track(event) as OrderChange)));
    source.addEventListener('dashboard', (event) => {
      track(event);
      invalidate(keys.dashboard ?? []);
    });
    source.addEventListener('reset', (event) => {
      track(event);
      everything();
    });
    source.onerror = () => {
      source.close();
      if (this.source !== source) return;
      this.source = null;
      setUp(false);
      this.retry(open);
    };
  }

  private retry(open: (url: string) => EventSourceLike): void {
    if (this.stopped) return;
    const wait = this.retryMs * (0.75 + Math.random() / 2);
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    this.timer = (this.options.setTimer ?? setTimeout)(() => {
      this.timer = null;
      void this.connect(open);
    }, wait);
  }
}

/** Mount once in a signed-in layout: the stream lives as long as the layout. */
export function useLiveUpdates(keys: LiveKeys): void {
  const client = useQueryClient();
  // The keys are the layout's constants: one stream for the layout's life, whatever re-renders.
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    const connection = new LiveConnection({
      client,
      keys: { all: latest.current.all, order: (change) => latest.current.order(change), dashboard: latest.current.dashboard },
    });
    connection.start();
    return () => connection.stop();
  }, [client]);
}

/** The hook as an element, for a layout's signed-in branch. */
export function LiveUpdates({ keys }: { keys: LiveKeys }): null {
  useLiveUpdates(keys);
  return null;
}
