// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { renderHook, act } from '@testing-library/react';
import { LIVE_POLL_MS, LiveConnection, useLivePolling, type LiveKeys } from './live-updates';

class FakeSource {
  static opened: FakeSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown, id?: string) {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id ?? '' });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
}

const KEYS: LiveKeys = {
  all: [['orders']],
  order: (change) => [['orders'], ['orders', change.orderId]],
  dashboard: [['dashboard']],
};

function setup(ticket: () => Promise<{ ticket: string }> = async () => ({ ticket: `t${Math.random()}` })) {
  FakeSource.opened = [];
  const client = new QueryClient();
  const invalidated: unknown[] = [];
  vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => void invalidated.push(filters?.queryKey));
  const timers: { run: () => void; ms: number }[] = [];
  const connection = new LiveConnection({
    client,
    keys: KEYS,
    openStream: (url) => new FakeSource(url),
    ticket,
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
  });
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { connection, invalidated, timers, flush };
}

describe('live updates', () => {
  it('opens a stream with a ticket and invalidates what each event names', async () => {
    const { connection, invalidated, flush } = setup(async () => ({ ticket: 'abc' }));
    connection.start();
    await flush();
    const source = FakeSource.opened[0]!;
    expect(source.url).toBe('/api/stream?ticket=abc');

    source.emit('ready', { lastEventId: '7', resumed: false }, '7');
    expect(invalidated).toEqual([['orders'], ['dashboard']]); // a fresh stream refetches what it keeps fresh
    invalidated.length = 0;
    source.emit('order', { orderId: 'o1', refCode: 'R1', status: 'pending', tenantId: 'default', isNew: true, changedAt: '' }, '8');
    expect(invalidated).toEqual([['orders'], ['orders', 'o1']]);
    invalidated.length = 0;
    source.emit('dashboard', { at: '' });
    expect(invalidated).toEqual([['dashboard']]);
    connection.stop();
    expect(source.closed).toBe(true);
  });

  it('reopens a dropped stream with backoff, a new ticket and the last event id; polling returns meanwhile', async () => {
    let n = 0;
    const { connection, timers, invalidated, flush } = setup(async () => ({ ticket: `ticket${++n}` }));
    const polling = renderHook(() => useLivePolling());
    connection.start();
    await flush();
    const first = FakeSource.opened[0]!;
    act(() => first.emit('ready', { lastEventId: '10', resumed: false }, '10'));
    expect(polling.result.current(5_000)).toBe(LIVE_POLL_MS);
    expect(polling.result.current(false)).toBe(false);
    first.emit('order', { orderId: 'o2' }, '12');

    act(() => first.fail());
    expect(first.closed).toBe(true);
    expect(polling.result.current(5_000)).toBe(5_000);
    expect(timers).toHaveLength(1);
    expect(timers[0]!.ms).toBeGreaterThanOrEqual(750);
    expect(timers[0]!.ms).toBeLessThanOrEqual(1_250);
    timers[0]!.run();
    await flush();
    const second = FakeSource.opened[1]!;
    expect(second.url).toBe('/api/stream?ticket=ticket2&lastEventId=12');
    invalidated.length = 0;
    act(() => second.emit('ready', { lastEventId: '12', resumed: true }, '12'));
    expect(invalidated).toEqual([]); // resumed: the replayed events say what changed
    second.emit('reset', { reason: 'too_old' }, '40');
    expect(invalidated).toEqual([['orders'], ['dashboard']]);

    act(() => second.fail());
    expect(timers[1]!.ms).toBeLessThanOrEqual(1_250); // a stream that was up starts the backoff again
    timers[1]!.run();
    await flush();
    act(() => FakeSource.opened[2]!.fail()); // failed before it was up: the wait doubles
    expect(timers[2]!.ms).toBeGreaterThanOrEqual(1_500);
    connection.stop();
    timers[2]!.run();
    await flush();
    expect(FakeSource.opened).toHaveLength(3); // stopped: no new stream
  });

  it('keeps trying when no ticket can be had, and stays off without EventSource', async () => {
    const { connection, timers, flush } = setup(async () => {
      throw new Error('offline');
    });
    connection.start();
    await flush();
    expect(FakeSource.opened).toHaveLength(0);
    expect(timers).toHaveLength(1);
    connection.stop();

    const ticket = vi.fn(async () => ({ ticket: 'x' }));
    const bare = new LiveConnection({ client: new QueryClient(), keys: KEYS, ticket });
    bare.start(); // happy-dom has no EventSource: the screens simply keep polling
    await flush();
    expect(ticket).not.toHaveBeenCalled();
    bare.stop();
  });
});
