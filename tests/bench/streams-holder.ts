import { appendFileSync } from 'node:fs';
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * A worker thread of the streams bench holding its share of the SSE streams with node:http (a
 * socket and a small parser each; undici's fetch and EventSource cost several times the CPU). It
 * writes down when each `order` event arrives, by order and status, and hands the times over when
 * asked, so the main thread only sees one message per stream-step, not one per delivery.
 */

export type HolderRequest =
  { type: 'open'; base: string; streams: { id: number; ticket: string }[]; concurrency: number } | { type: 'collect' } | { type: 'close' };

export interface Arrivals {
  /** `orderId|status` → when each stream holding it got it (ms since the epoch, sub-ms). */
  times: Record<string, number[]>;
  /** `orderId|status` → the streams that got it (their numbers, in the order opened), to check each against who may see it. */
  streams: Record<string, number[]>;
  /** `orderId|status` → the change's changedAt, as the feed gave it. */
  changedAt: Record<string, number>;
  resets: number;
  /** The same event (by its id) twice on one stream: the hub must never. */
  duplicates: number;
  /** Streams the server ended (or whose socket failed) since the last collection. */
  ended: number;
  open: number;
}

export type HolderAnswer = { type: 'opened'; ok: number; failed: string[] } | ({ type: 'collected' } & Arrivals) | { type: 'closed' };

const now = () => performance.timeOrigin + performance.now();
const debug = (workerData as { debug: boolean }).debug;
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const requests = new Set<http.ClientRequest>();
let arrivals: Arrivals = { times: {}, streams: {}, changedAt: {}, resets: 0, duplicates: 0, ended: 0, open: 0 };
let closing = false;

const ORDER = /"orderId":"([^"]+)".*"status":"([^"]+)".*"changedAt":"([^"]+)".*\nid: (\d+)/s;
/** `stream#orderId|status` and `stream#seq` seen since the last collection. */
let seenKeys = new Set<string>();
let seenIds = new Set<string>();
const firstAt = new Map<string, number>();

/**
 * An order may have two feed rows with one status (a later event of the same batch kind that left
 * its status as it was): its latency counts from the first; a second row is a change of its own,
 * while the same id twice is a duplicate.
 */
function record(id: number, block: string): void {
  if (block.startsWith('event: reset')) arrivals.resets++;
  if (!block.startsWith('event: order')) return;
  const at = now();
  const match = ORDER.exec(block);
  if (!match) return;
  if (seenIds.has(`${id}#${match[4]}`)) {
    if (arrivals.duplicates++ < 8 && debug)
      process.stderr.write(`duplicate on stream ${id}: seq ${match[4]} ${match[2]} first at ${firstAt.get(`${id}#${match[4]}`)} now ${at}\n`);
  }
  seenIds.add(`${id}#${match[4]}`);
  if (debug) firstAt.set(`${id}#${match[4]}`, at);
  const key = `${match[1]}|${match[2]}`;
  if (seenKeys.has(`${id}#${key}`)) return;
  seenKeys.add(`${id}#${key}`);
  (arrivals.times[key] ??= []).push(at);
  (arrivals.streams[key] ??= []).push(id);
  arrivals.changedAt[key] ??= Date.parse(match[3]!);
}

/** Opens one stream and resolves once its `ready` came (or rejects with why it did not). */
function open(base: string, id: number, ticket: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/api/stream?ticket=${encodeURIComponent(ticket)}`, { agent }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return reject(new Error(`stream ${id}: ${response.statusCode}`));
      }
      response.setEncoding('utf8');
      let buffer = '';
      let ready = false;
      response.on('data', (chunk: string) => {
        // The raw bytes of the first stream, to tell a repeat the server sent from one the bench's parsing made.
        if (debug && id === 0) appendFileSync('/tmp/streams-bench-stream-0.log', `<<${now().toFixed(1)}>>${chunk}`);
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (!ready && block.startsWith('event: ready')) {
            ready = true;
            arrivals.open++;
            resolve();
          } else record(id, block);
        }
      });
      response.on('close', () => {
        requests.delete(request);
        if (!ready) return reject(new Error(`stream ${id}: ended before ready`));
        arrivals.open--;
        if (!closing) arrivals.ended++;
      });
    });
    requests.add(request);
    request.on('error', (error) => reject(new Error(`stream ${id}: ${error.message}`)));
  });
}

async function openAll(base: string, streams: { id: number; ticket: string }[], concurrency: number): Promise<HolderAnswer> {
  const failed: string[] = [];
  let next = 0;
  let ok = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < streams.length) {
        const { id, ticket } = streams[next++]!;
        await open(base, id, ticket).then(
          () => ok++,
          (error: Error) => failed.push(error.message),
        );
      }
    }),
  );
  return { type: 'opened', ok, failed: failed.slice(0, 5) };
}

parentPort!.on('message', (message: HolderRequest) => {
  if (message.type === 'open') {
    void openAll(message.base, message.streams, message.concurrency).then((answer) => parentPort!.postMessage(answer));
  } else if (message.type === 'collect') {
    const collected = arrivals;
    seenKeys = new Set();
    seenIds = new Set();
    arrivals = { times: {}, streams: {}, changedAt: {}, resets: 0, duplicates: 0, ended: 0, open: collected.open };
    parentPort!.postMessage({ type: 'collected', ...collected } satisfies HolderAnswer);
  } else {
    closing = true;
    for (const request of requests) request.destroy();
    parentPort!.postMessage({ type: 'closed' } satisfies HolderAnswer);
  }
});
