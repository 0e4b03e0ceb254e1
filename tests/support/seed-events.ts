import type { EventStore } from '../../platform/src/eventstore/event-store';
import { testEvents, uniqueStream } from './event-factory';

/**
 * Appends `streams` × `perStream` events, `perAppend` events per call and `concurrency` calls at a
 * time, so large logs are seeded through the port itself in seconds. Returns the stream ids.
 */
export async function seedEvents(
  store: EventStore,
  {
    streams,
    perStream,
    perAppend = perStream,
    concurrency = 8,
    category = 'seed',
    onProgress,
  }: {
    streams: number;
    perStream: number;
    perAppend?: number;
    concurrency?: number;
    category?: string;
    onProgress?: (appended: number) => void;
  },
): Promise<string[]> {
  const ids = Array.from({ length: streams }, () => uniqueStream(category));
  let next = 0;
  let appended = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      for (let done = 0; done < perStream; done += perAppend) {
        const count = Math.min(perAppend, perStream - done);
        await store.append(id, testEvents(count), { expected: done === 0 ? 'no_stream' : BigInt(done - 1) });
        appended += count;
        onProgress?.(appended);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return ids;
}
