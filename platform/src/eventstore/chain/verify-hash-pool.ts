import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ChainedEvent } from './verify-chain';
import type { HashAnswer, HashRequest } from './verify-hash-worker';

/** What a thread answers for one page: each event's content hash (32 bytes each), and 1 where its link held in the page. */
export interface HashedPage {
  contents: Buffer;
  linked: Uint8Array;
}

/**
 * Threads that hash events' content for verify-store (verify-hash-worker.ts), pages dealt out in
 * turn. A handful of lines over `node:worker_threads` rather than a pool library: every task is the
 * same function over one page, answered in one message, and the workers live for one verification.
 */
export class ContentHashPool {
  private readonly workers: Worker[];
  private readonly waiting = new Map<number, { resolve: (page: HashedPage) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private failure: Error | null = null;
  readonly threads: number;

  constructor(threads: number = defaultThreads()) {
    this.threads = threads;
    this.workers = Array.from({ length: threads }, () => startWorker());
    for (const worker of this.workers) {
      worker.on('message', (answer: HashAnswer) => this.settle(answer));
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => this.fail(new Error(`a verify-store hashing thread exited (code ${code})`)));
    }
  }

  /** One page's content hashes and in-page links (verify-hash-worker.ts), computed on one of the threads. */
  hashPage(events: readonly ChainedEvent[]): Promise<HashedPage> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    // The page as read: picking out the fields the chain covers cost the main thread more than
    // copying the others along (measured: a new object per event outweighs a Date and a position).
    const request: HashRequest = { id, events: events as ChainedEvent[] };
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.workers[id % this.workers.length]!.postMessage(request);
    });
  }

  async close(): Promise<void> {
    this.failure ??= new Error('the verify-store hashing threads were closed');
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private settle(answer: HashAnswer): void {
    const waiter = this.waiting.get(answer.id);
    this.waiting.delete(answer.id);
    if ('error' in answer) waiter?.reject(new Error(answer.error));
    else waiter?.resolve({ contents: Buffer.from(answer.contents.buffer, answer.contents.byteOffset, answer.contents.byteLength), linked: answer.linked });
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}

/** One thread per core, up to four: the main thread and the database mostly wait on each other and fill about one core. */
function defaultThreads(): number {
  return Math.min(4, Math.max(1, availableParallelism()));
}

/**
 * Under tsx (the CLIs in development, the tests) the thread must register the TypeScript loader
 * before it loads the worker, as projector-thread-host.ts does; the built server (decision 0043)
 * has verify-hash-worker.mjs beside its chunks.
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./verify-hash-worker.mjs', import.meta.url));
  const source = `
    import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};
    register();
    await import(${JSON.stringify(new URL('./verify-hash-worker.ts', import.meta.url).href)});`;
  return new Worker(source, { eval: true });
}
