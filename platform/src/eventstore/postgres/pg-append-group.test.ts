import { describe, expect, it } from 'vitest';
import { AppendGroup, type SendGroup } from './pg-append-group';
import type { AppendResult, GlobalPosition } from '../event-store';
import type { GroupedAppend } from './pg-append-group-statement';
import { testEvents } from '../../../../tests/support/event-factory';

const answer = (n: number): AppendResult => ({ nextExpectedVersion: BigInt(n), lastPosition: `p${n}` as unknown as GlobalPosition, alreadyStored: false });

/** A sender that records each group and answers only when told to. */
function heldSender() {
  const sent: { streams: string[]; release: () => void; fail: (error: Error) => void }[] = [];
  const send: SendGroup = (appends) =>
    new Promise((resolve, reject) => {
      sent.push({
        streams: appends.map((a) => a.streamId),
        release: () => resolve(appends.map((_, i) => Promise.resolve(answer(i)))),
        fail: reject,
      });
    });
  return { sent, send };
}

const append = (streamId: string, events = 1): GroupedAppend => ({ streamId, events: testEvents(events), expected: 'any' });
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('AppendGroup', () => {
  it('sends the appends made in one turn as one group, and answers each', async () => {
    const { sent, send } = heldSender();
    const group = new AppendGroup(send, { maxInFlight: 2, maxEvents: 100 });
    const results = ['a', 'b', 'c'].map((s) => group.append(append(s)));
    await turn();
    expect(sent.map((g) => g.streams)).toEqual([['a', 'b', 'c']]);
    sent[0]!.release();
    expect((await Promise.all(results)).map((r) => r.nextExpectedVersion)).toEqual([0n, 1n, 2n]);
  });

  it('keeps appends waiting while every slot is taken, then sends them together', async () => {
    const { sent, send } = heldSender();
    const group = new AppendGroup(send, { maxInFlight: 1, maxEvents: 100 });
    void group.append(append('a'));
    await turn();
    const later = ['b', 'c'].map((s) => group.append(append(s)));
    await turn();
    expect(sent).toHaveLength(1);
    sent[0]!.release();
    await turn();
    await turn();
    expect(sent.map((g) => g.streams)).toEqual([['a'], ['b', 'c']]);
    sent[1]!.release();
    await Promise.all(later);
  });

  it('never puts two appends to one stream in a group, nor sends a stream while it is in flight', async () => {
    const { sent, send } = heldSender();
    const group = new AppendGroup(send, { maxInFlight: 3, maxEvents: 100 });
    const first = group.append(append('a'));
    const second = group.append(append('a'));
    const other = group.append(append('b'));
    await turn();
    expect(sent.map((g) => g.streams)).toEqual([['a', 'b']]);
    sent[0]!.release();
    await Promise.all([first, other]);
    await turn();
    expect(sent.map((g) => g.streams)).toEqual([['a', 'b'], ['a']]);
    sent[1]!.release();
    await second;
  });

  it('limits a group by events, and sends a larger append alone', async () => {
    const { sent, send } = heldSender();
    const group = new AppendGroup(send, { maxInFlight: 3, maxEvents: 4 });
    for (const [stream, events] of [
      ['a', 2],
      ['b', 2],
      ['c', 1],
      ['d', 9],
    ] as const)
      void group.append(append(stream, events));
    await turn();
    expect(sent.map((g) => g.streams)).toEqual([['a', 'b'], ['c'], ['d']]);
  });

  it('answers each append with its own outcome, and every one with the error when sending fails', async () => {
    const mixed = new AppendGroup(
      async (appends) => appends.map((a, i) => (a.streamId === 'bad' ? Promise.reject(new Error('refused')) : Promise.resolve(answer(i)))),
      { maxInFlight: 1, maxEvents: 100 },
    );
    const [good, bad] = [mixed.append(append('good')), mixed.append(append('bad'))];
    await expect(good).resolves.toMatchObject({ nextExpectedVersion: 0n });
    await expect(bad).rejects.toThrow('refused');

    const { sent, send } = heldSender();
    const failing = new AppendGroup(send, { maxInFlight: 1, maxEvents: 100 });
    const both = [failing.append(append('x')), failing.append(append('y'))];
    await turn();
    sent[0]!.fail(new Error('connection lost'));
    for (const result of both) await expect(result).rejects.toThrow('connection lost');
    // The slot is free again.
    const after = failing.append(append('z'));
    await turn();
    sent[1]!.release();
    await expect(after).resolves.toBeDefined();
  });

  it('answers each append as its own answer comes, and frees its stream then, not when the slowest of its group ends', async () => {
    let releaseSlow!: () => void;
    const slow = new Promise<AppendResult>((resolve) => (releaseSlow = () => resolve(answer(9))));
    const group = new AppendGroup(async (appends) => appends.map((a, i) => (a.streamId === 'hot' ? slow : Promise.resolve(answer(i)))), {
      maxInFlight: 2,
      maxEvents: 100,
    });
    const hot = group.append(append('hot'));
    const quick = group.append(append('x'));
    // Before: answered together, once the hot one's second statement bound had passed too (review 20).
    await expect(quick).resolves.toMatchObject({ nextExpectedVersion: 1n });
    // x's next append goes at once, beside the group still waiting for hot.
    await expect(group.append(append('x'))).resolves.toMatchObject({ nextExpectedVersion: 0n });
    releaseSlow();
    await expect(hot).resolves.toMatchObject({ nextExpectedVersion: 9n });
  });
});
