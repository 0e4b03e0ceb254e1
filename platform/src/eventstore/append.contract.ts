/**
 * The write half of the EventStore contract (event-store.contract.ts): expected versions, alone and
 * under parallel appends, idempotent retries, metadata.
 */
import { expect, it } from 'vitest';
import type { EventStore, ExpectedVersion } from './event-store';
import { DuplicateEventIdError, InvalidEventError, WrongExpectedVersionError } from './event-store.errors';
import { testEvent, testEvents, testMetadata, uniqueStream } from '../../../tests/support/event-factory';

export function appendContract(store: () => EventStore): void {
  async function expectConflict(promise: Promise<unknown>, actual: bigint | 'no_stream'): Promise<void> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WrongExpectedVersionError);
    expect((error as WrongExpectedVersionError).actual).toBe(actual);
  }

  it('no_stream: creates a new stream and refuses an existing one', async () => {
    const id = uniqueStream();
    const first = await store().append(id, testEvents(2), { expected: 'no_stream' });
    expect(first.nextExpectedVersion).toBe(1n);
    await expectConflict(store().append(id, testEvents(1), { expected: 'no_stream' }), 1n);
    expect(await store().readStream(id)).toHaveLength(2);
  });

  it('stream_exists: refuses a missing stream and appends to an existing one', async () => {
    const id = uniqueStream();
    await expectConflict(store().append(id, testEvents(1), { expected: 'stream_exists' }), 'no_stream');
    expect(await store().readStream(id)).toEqual([]);
    await store().append(id, testEvents(1), { expected: 'no_stream' });
    const result = await store().append(id, testEvents(2), { expected: 'stream_exists' });
    expect(result.nextExpectedVersion).toBe(2n);
  });

  it('exact revision: appends only at the stream current revision', async () => {
    const id = uniqueStream();
    await expectConflict(store().append(id, testEvents(1), { expected: 0n }), 'no_stream');
    await store().append(id, testEvents(3), { expected: 'no_stream' });
    await expectConflict(store().append(id, testEvents(1), { expected: 1n }), 2n);
    await expectConflict(store().append(id, testEvents(1), { expected: 3n }), 2n);
    const result = await store().append(id, testEvents(1), { expected: 2n });
    expect(result.nextExpectedVersion).toBe(3n);
    expect((await store().readStream(id)).map((e) => e.streamPosition)).toEqual([0n, 1n, 2n, 3n]);
  });

  it('any: appends whether or not the stream exists', async () => {
    const id = uniqueStream();
    expect((await store().append(id, testEvents(1), { expected: 'any' })).nextExpectedVersion).toBe(0n);
    expect((await store().append(id, testEvents(2), { expected: 'any' })).nextExpectedVersion).toBe(2n);
  });

  const racers = 16;
  async function race(id: string, expected: ExpectedVersion) {
    const settled = await Promise.allSettled(Array.from({ length: racers }, () => store().append(id, testEvents(2), { expected })));
    const winners = settled.filter((s) => s.status === 'fulfilled');
    const losers = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
    return { winners, losers };
  }

  async function expectContiguous(id: string, length: number): Promise<void> {
    const positions = (await store().readStream(id)).map((e) => e.streamPosition);
    expect(positions).toEqual(Array.from({ length }, (_, n) => BigInt(n)));
  }

  it('no_stream under parallel appends: exactly one winner, the rest WrongExpectedVersion', async () => {
    const id = uniqueStream();
    const { winners, losers } = await race(id, 'no_stream');
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(racers - 1);
    for (const loser of losers) expect(loser).toBeInstanceOf(WrongExpectedVersionError);
    await expectContiguous(id, 2);
  });

  it('exact revision under parallel appends: exactly one winner, nothing lost or duplicated', async () => {
    const id = uniqueStream();
    await store().append(id, testEvents(1), { expected: 'no_stream' });
    const { winners, losers } = await race(id, 0n);
    expect(winners).toHaveLength(1);
    for (const loser of losers) expect(loser).toBeInstanceOf(WrongExpectedVersionError);
    await expectContiguous(id, 3);
  });

  it('stream_exists and any under parallel appends: every append lands, positions contiguous', async () => {
    const id = uniqueStream();
    await store().append(id, testEvents(1), { expected: 'no_stream' });
    const exists = await race(id, 'stream_exists');
    expect(exists.losers).toEqual([]);
    const any = await race(id, 'any');
    expect(any.losers).toEqual([]);
    await expectContiguous(id, 1 + 4 * racers);
    const ids = (await store().readStream(id)).map((e) => e.eventId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('stores a retried append once, even when its expected version is now stale', async () => {
    const id = uniqueStream();
    const events = testEvents(3);
    const first = await store().append(id, events, { expected: 'no_stream' });
    const retry = await store().append(id, events, { expected: 'no_stream' });
    expect(retry).toEqual({ ...first, alreadyStored: true });
    expect(first.alreadyStored).toBe(false);
    const again = await store().append(id, events, { expected: 'any' });
    expect(again.nextExpectedVersion).toBe(2n);
    expect(await store().readStream(id)).toHaveLength(3);
  });

  it('stores parallel retries of one append once', async () => {
    const id = uniqueStream();
    await store().append(id, testEvents(1), { expected: 'no_stream' });
    const events = testEvents(2);
    const results = await Promise.all(Array.from({ length: 8 }, () => store().append(id, events, { expected: 'any' })));
    expect(results.filter((r) => !r.alreadyStored)).toHaveLength(1);
    expect(new Set(results.map((r) => r.nextExpectedVersion))).toEqual(new Set([2n]));
    await expectContiguous(id, 3);
  });

  it('refuses an event id already stored in another stream', async () => {
    const event = testEvent();
    await store().append(uniqueStream(), [event], { expected: 'no_stream' });
    const other = uniqueStream();
    await expect(store().append(other, [event], { expected: 'any' })).rejects.toBeInstanceOf(DuplicateEventIdError);
    expect(await store().readStream(other)).toEqual([]);
  });

  it('keeps data and metadata as written', async () => {
    const id = uniqueStream();
    const metadata = testMetadata({ actor: { id: 'admin-7', role: 'admin' }, causationId: 'cmd-1', ip: null });
    const data = { amount: '1234.56', nested: { list: [1, 'two', null] }, unicode: '₹ निवेश' };
    const event = testEvent('OrderPlaced', data, { metadata });
    await store().append(id, [event], { expected: 'no_stream' });
    const [stored] = await store().readStream(id);
    expect(stored).toMatchObject({ eventId: event.eventId, type: 'OrderPlaced', data, metadata, streamId: id, streamPosition: 0n });
    expect(stored!.recordedAt).toBeInstanceOf(Date);
  });

  it('refuses events without complete metadata and writes nothing', async () => {
    const id = uniqueStream();
    const bad = { ...testEvent(), metadata: { ...testMetadata(), tenantId: '' } };
    await expect(store().append(id, [bad], { expected: 'any' })).rejects.toBeInstanceOf(InvalidEventError);
    await expect(store().append(id, [{ ...testEvent(), eventId: 'not-a-uuid' }], { expected: 'any' })).rejects.toBeInstanceOf(InvalidEventError);
    await expect(store().append(id, [], { expected: 'any' })).rejects.toBeInstanceOf(InvalidEventError);
    expect(await store().readStream(id)).toEqual([]);
  });
}
