/**
 * The read half of the EventStore contract (event-store.contract.ts): one stream, the global log in
 * pages, backlog, and append notifications.
 */
import { expect, it } from 'vitest';
import type { EventStore, GlobalPosition, RecordedEvent } from './event-store';
import { comparePositions } from './position-order';
import { testEvent, testEvents, uniqueStream } from '../../../tests/support/event-factory';

export function readContract(store: () => EventStore): void {
  async function positionNow(): Promise<GlobalPosition> {
    return (await store().append(uniqueStream('marker'), [testEvent('MarkerPlaced')], { expected: 'no_stream' })).lastPosition;
  }

  async function readAllAfter(after: GlobalPosition, streams: readonly string[], pageSize = 500): Promise<RecordedEvent[]> {
    const wanted = new Set(streams);
    const found: RecordedEvent[] = [];
    let position = after;
    for (;;) {
      const page = await store().readAll(position, pageSize);
      if (page.length === 0) {
        // An empty page with a backlog means committed events are still held back by an older open
        // transaction (other test files share the server): wait, as a projection would.
        if ((await store().backlog(position)).count === 0) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      found.push(...page.filter((e) => wanted.has(e.streamId)));
      position = page[page.length - 1]!.globalPosition;
    }
  }

  it('reads a stream in order, from a revision, up to a count', async () => {
    const id = uniqueStream();
    const events = testEvents(5);
    await store().append(id, events.slice(0, 2), { expected: 'no_stream' });
    await store().append(id, events.slice(2), { expected: 1n });
    expect((await store().readStream(id)).map((e) => e.eventId)).toEqual(events.map((e) => e.eventId));
    const slice = await store().readStream(id, { fromRevision: 1n, maxCount: 2 });
    expect(slice.map((e) => e.streamPosition)).toEqual([1n, 2n]);
    expect(await store().readStream(uniqueStream())).toEqual([]);
  });

  it('reads the global log in append order, the same in pages as in one read', async () => {
    const start = await positionNow();
    const a = uniqueStream();
    const b = uniqueStream();
    const expected: string[] = [];
    for (const [stream, expectedVersion] of [
      [a, 'no_stream'],
      [b, 'no_stream'],
      [a, 1n],
      [b, 1n],
    ] as const) {
      const events = testEvents(2);
      await store().append(stream, events, { expected: expectedVersion });
      expected.push(...events.map((e) => e.eventId));
    }
    const whole = await readAllAfter(start, [a, b]);
    expect(whole.map((e) => e.eventId)).toEqual(expected);
    const paged = await readAllAfter(start, [a, b], 1);
    expect(paged.map((e) => e.eventId)).toEqual(expected);
    expect(new Set(whole.map((e) => e.globalPosition)).size).toBe(whole.length);
    // The runtime orders positions it holds (a projection group's members): the log's order is theirs.
    const positions = [start, ...whole.map((e) => e.globalPosition)];
    for (let i = 1; i < positions.length; i++) expect(comparePositions(positions[i - 1]!, positions[i]!)).toBeLessThan(0);
  });

  it('counts the backlog after a position', async () => {
    const start = await positionNow();
    await store().append(uniqueStream(), testEvents(3), { expected: 'no_stream' });
    const backlog = await store().backlog(start);
    expect(backlog.count).toBeGreaterThanOrEqual(3);
    expect(backlog.oldestRecordedAt).toBeInstanceOf(Date);
    const last = (await store().append(uniqueStream(), testEvents(1), { expected: 'no_stream' })).lastPosition;
    const after = await store().backlog(last);
    expect(after.count).toBeLessThan(backlog.count);
    expect([backlog.moreThanCount, after.moreThanCount]).toEqual([false, false]);
  });

  it('counts the backlog no further than asked, saying when more follow', async () => {
    const start = await positionNow();
    await store().append(uniqueStream(), testEvents(3), { expected: 'no_stream' });
    const first = (await store().readAll(start, 1))[0]!;
    const upTo = async (countUpTo: number) => {
      const { count, moreThanCount } = await store().backlog(start, { countUpTo });
      return { count, moreThanCount };
    };
    // Other tests may append meanwhile: at least the three, and exactly the bound below them.
    expect(await upTo(2)).toEqual({ count: 2, moreThanCount: true });
    expect((await upTo(1_000)).moreThanCount).toBe(false);
    // When it was first recorded: the first event after the position, in the log's order.
    expect((await store().backlog(start, { countUpTo: 1 })).oldestRecordedAt).toEqual(first.recordedAt);
  });

  it('tells whether events follow a position', async () => {
    const start = await positionNow();
    expect(await store().hasEventsAfter(start)).toBe(false);
    const last = (await store().append(uniqueStream(), testEvents(2), { expected: 'no_stream' })).lastPosition;
    expect(await store().hasEventsAfter(start)).toBe(true);
    expect(await store().hasEventsAfter(null)).toBe(true);
    expect(await store().hasEventsAfter(last)).toBe(false);
  });

  it('signals listeners after an append', async () => {
    let calls = 0;
    let wake: () => void = () => undefined;
    const woken = new Promise<void>((resolve) => (wake = resolve));
    const stop = await store().onAppended(() => {
      calls += 1;
      wake();
    });
    try {
      await store().append(uniqueStream(), testEvents(1), { expected: 'no_stream' });
      await woken;
      expect(calls).toBeGreaterThan(0);
    } finally {
      await stop();
    }
  });
}
