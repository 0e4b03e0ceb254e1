import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../kv/memory-store';
import { StreamSlots } from './stream-slots';

describe('stream slots', () => {
  const setup = () => {
    let now = 1_000_000;
    const clock = { tick: (ms: number) => (now += ms), now: () => now };
    const store = new MemoryStore(clock.now);
    return { clock, store, slots: new StreamSlots(store, 3, 45_000, clock.now) };
  };

  it('gives each new stream a free slot, then the slot held longest, whose stream loses it', async () => {
    const { clock, slots } = setup();
    const taken = [];
    for (const stream of ['a', 'b', 'c']) {
      taken.push(await slots.take('user-1', stream));
      clock.tick(10);
    }
    expect(taken.map((t) => t.evicted)).toEqual([null, null, null]);
    expect(new Set(taken.map((t) => t.slot.key)).size).toBe(3);

    const d = await slots.take('user-1', 'd');
    expect(d.evicted).toBe('a');
    expect(d.slot.key).toBe(taken[0]!.slot.key);
    expect(await slots.renew(taken[0]!.slot)).toBe(false);
    expect(await slots.renew(taken[1]!.slot)).toBe(true);
    expect(await slots.renew(d.slot)).toBe(true);
    // Giving up a slot that was taken over leaves the new holder's alone.
    await slots.release(taken[0]!.slot);
    expect(await slots.renew(d.slot)).toBe(true);

    clock.tick(10);
    expect((await slots.take('user-1', 'e')).evicted).toBe('b');
    // Another user's slots are their own.
    expect((await slots.take('user-2', 'x')).evicted).toBeNull();
  });

  it('takes a released slot without evicting anyone, and frees the slots of a process that stopped renewing', async () => {
    const { clock, slots } = setup();
    const a = await slots.take('user-1', 'a');
    const b = await slots.take('user-1', 'b');
    await slots.take('user-1', 'c');
    await slots.release(b.slot);
    expect((await slots.take('user-1', 'd')).evicted).toBeNull();

    // 'a' keeps renewing; the rest belong to a process that died.
    clock.tick(30_000);
    expect(await slots.renew(a.slot)).toBe(true);
    clock.tick(30_000);
    const after = await Promise.all(['e', 'f'].map((stream) => slots.take('user-1', stream)));
    expect(after.map((t) => t.evicted)).toEqual([null, null]);
    expect((await slots.take('user-1', 'g')).evicted).toBe('a');
  });
});
