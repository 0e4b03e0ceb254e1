import { Worker } from 'node:worker_threads';
import type { Arrivals, HolderAnswer, HolderRequest } from './streams-holder';

/**
 * The bench's stream holders: `count` worker threads (streams-holder.ts), each with its own event
 * loop, so that parsing thousands of streams' events is spread over both cores and the client does
 * not become what the latencies measure. Streams are dealt out in turn.
 */
export class StreamHolders {
  private readonly workers: Worker[];
  private dealt = 0;

  constructor(count: number, debug = false) {
    this.workers = Array.from({ length: count }, () => new Worker(new URL('./streams-holder.ts', import.meta.url), { workerData: { debug } }));
  }

  private ask(worker: Worker, request: HolderRequest): Promise<HolderAnswer> {
    return new Promise((resolve, reject) => {
      const fail = (error: Error) => reject(error);
      worker.once('message', (answer: HolderAnswer) => {
        worker.off('error', fail);
        resolve(answer);
      });
      worker.once('error', fail);
      worker.postMessage(request);
    });
  }

  /** Opens the streams the tickets are for, numbered in turn from 0 across calls; answers how many reached `ready`, and the first failures. */
  async open(base: string, tickets: string[]): Promise<{ ok: number; failed: string[] }> {
    const shares = this.workers.map(() => [] as { id: number; ticket: string }[]);
    for (const ticket of tickets) shares[this.dealt % this.workers.length]!.push({ id: this.dealt++, ticket });
    const answers = await Promise.all(this.workers.map((worker, i) => this.ask(worker, { type: 'open', base, streams: shares[i]!, concurrency: 50 })));
    const opened = answers.filter((a) => a.type === 'opened');
    return { ok: opened.reduce((sum, a) => sum + a.ok, 0), failed: opened.flatMap((a) => a.failed) };
  }

  /** Every arrival since the last collection, the workers' merged. */
  async collect(): Promise<Arrivals> {
    const merged: Arrivals = { times: {}, streams: {}, changedAt: {}, resets: 0, duplicates: 0, ended: 0, open: 0 };
    for (const worker of this.workers) {
      const answer = await this.ask(worker, { type: 'collect' });
      if (answer.type !== 'collected') continue;
      for (const [key, times] of Object.entries(answer.times)) (merged.times[key] ??= []).push(...times);
      for (const [key, streams] of Object.entries(answer.streams)) (merged.streams[key] ??= []).push(...streams);
      Object.assign(merged.changedAt, answer.changedAt);
      merged.resets += answer.resets;
      merged.duplicates += answer.duplicates;
      merged.ended += answer.ended;
      merged.open += answer.open;
    }
    return merged;
  }

  async close(): Promise<void> {
    for (const worker of this.workers) {
      await this.ask(worker, { type: 'close' });
      await worker.terminate();
    }
  }
}
