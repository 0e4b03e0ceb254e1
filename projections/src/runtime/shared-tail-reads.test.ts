import { describe, expect, it } from 'vitest';
import type { GlobalPosition, RecordedEvent } from '@desk/platform/eventstore/event-store';
import { SharedTailReads, type LogReader } from './shared-tail-reads';

/** A log whose reads are counted and answered only when released. */
function countingLog() {
  const calls: string[] = [];
  let release: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => (release = resolve));
  const log: LogReader = {
    async readAll(after, limit) {
      calls.push(`readAll ${after} ${limit}`);
      await gate;
      return [{ type: 'Seen', after } as unknown as RecordedEvent];
    },
    async hasEventsAfter(after) {
      calls.push(`hasEventsAfter ${after}`);
      await gate;
      return true;
    },
  };
  return {
    log,
    calls,
    open() {
      release();
      gate = new Promise<void>((resolve) => (release = resolve));
    },
  };
}

const at = (p: string) => p as GlobalPosition;

describe('SharedTailReads', () => {
  it('answers reads asked for at once with one query, and asks again once it is answered', async () => {
    const { log, calls, open } = countingLog();
    const reader = new SharedTailReads(log);
    const together = [reader.readAll(at('7'), 100), reader.readAll(at('7'), 100), reader.hasEventsAfter(at('7')), reader.hasEventsAfter(at('7'))];
    open();
    const [a, b] = await Promise.all(together);
    expect(a).toBe(b);
    expect(calls).toEqual(['readAll 7 100', 'hasEventsAfter 7']);

    const later = reader.readAll(at('7'), 100);
    open();
    await later;
    expect(calls).toEqual(['readAll 7 100', 'hasEventsAfter 7', 'readAll 7 100']);
  });

  it('keeps different positions and batch sizes apart', async () => {
    const { log, calls, open } = countingLog();
    const reader = new SharedTailReads(log);
    const reads = [reader.readAll(at('7'), 100), reader.readAll(at('8'), 100), reader.readAll(at('7'), 5), reader.readAll(null, 100)];
    open();
    await Promise.all(reads);
    expect(calls).toEqual(['readAll 7 100', 'readAll 8 100', 'readAll 7 5', 'readAll null 100']);
  });

  it('gives a failed read to everyone who waited on it, and tries again next time', async () => {
    let fail = true;
    const log: LogReader = {
      readAll: async () => {
        if (fail) throw new Error('connection lost');
        return [];
      },
      hasEventsAfter: async () => false,
    };
    const reader = new SharedTailReads(log);
    const results = await Promise.allSettled([reader.readAll(null, 10), reader.readAll(null, 10)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    await expect(reader.readAll(null, 10)).resolves.toEqual([]);
  });
});
