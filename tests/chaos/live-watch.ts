import { readSse } from '../support/sse-reader';
import type { RetryingClient } from './retrying-client';
import { sleep } from './retrying-client';

export interface LiveWatch {
  /** Every order change delivered, by feed seq (the SSE id). */
  seen: Set<string>;
  /** Times the stream ended (an API killed under it) and was opened again with Last-Event-ID. */
  reconnects: number;
  /** `reset` events: the server could not replay from the id given (changes were missed). */
  resets: number;
  /** Resolves once the first stream is open and caught up (its `ready`): changes after it are the ones to expect. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * The admin's live stream, held through the faults: opened first on `first` (the replica the first
 * API kill hits), and whenever it ends opened again through the proxy (`base`) with a new ticket
 * and the last event id it saw, as the browser's EventSource does.
 */
export function watchLive(client: RetryingClient, base: string, first: string, admin: () => string): LiveWatch {
  let isReady = () => undefined as void;
  const ready = new Promise<void>((resolve) => (isReady = resolve));
  const watch: LiveWatch = { seen: new Set(), reconnects: 0, resets: 0, ready, stop: async () => undefined };
  let running = true;
  let current: ReturnType<typeof readSse> | null = null;
  let lastId: string | undefined;

  const loop = async () => {
    for (let connections = 0; running;) {
      const ticket = await client.once('POST', '/api/stream/ticket', {}, admin());
      if (ticket?.status !== 200) {
        await sleep(200);
        continue;
      }
      const response = await fetch(
        `${connections === 0 ? first : base}/api/stream?ticket=${ticket.body.ticket}${lastId ? `&lastEventId=${lastId}` : ''}`,
      ).catch(() => null);
      if (!response?.ok) {
        await sleep(200);
        continue;
      }
      if (connections++ > 0) watch.reconnects++;
      const stream = readSse(response);
      current = stream;
      let read = 0;
      while (running && !stream.ended) {
        for (; read < stream.seen.length; read++) take(stream.seen[read]!);
        await sleep(20);
      }
      for (; read < stream.seen.length; read++) take(stream.seen[read]!);
      await stream.close();
    }
  };

  const take = (event: { event: string; id: string | undefined }) => {
    if (event.event === 'ready') isReady();
    if (event.event === 'reset') watch.resets++;
    if (event.event === 'order' && event.id) watch.seen.add(event.id);
    if (event.id) lastId = event.id;
  };

  const done = loop();
  watch.stop = async () => {
    running = false;
    await current?.close();
    await done;
  };
  return watch;
}
