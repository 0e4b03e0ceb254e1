import { availableParallelism } from 'node:os';
import { parentPort, Worker, workerData } from 'node:worker_threads';

/** What a pool sends a thread: one task, by the number its answer carries back, or the word to finish. */
export type ThreadRequest<Request> = { id: number; request: Request } | { close: true };
export type ThreadAnswer<Answer> = { id: number; answer: Answer } | { id: number; error: string };

/**
 * A young generation larger than V8's default for each thread: a page's rows, parsed values and
 * JCS texts all live until the page is checked, and with the default most of them survived a
 * scavenge or two and were copied (garbage collection was a tenth of a thread's profile or more);
 * measured 11.5 against 12.4 µs of the process's CPU per event, three runs each (decision 0053).
 */
const YOUNG_GENERATION_MB = 64;
/** How long a thread asked to finish may take to close its connections before it is stopped. */
const CLOSE_WAIT_MS = 5_000;

/**
 * Threads for verify-store (decision 0048, 0053), tasks dealt out in turn. A handful of lines over
 * `node:worker_threads` rather than a pool library: every task is one function over one page,
 * answered in one message, and the threads live for one verification. A thread that fails or
 * exits fails every task still waiting, and every later one: a verification never falls back silently.
 */
export class VerifyThreadPool<Request, Answer> {
  private readonly workers: Worker[];
  private readonly exits: Promise<unknown>[];
  private readonly waiting = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private failure: Error | null = null;
  readonly threads: number;

  /** `entry`: the thread's module (threadEntry); `workerData`: what every thread starts with. */
  constructor(entry: URL, threads: number = defaultThreads(), workerData?: unknown) {
    this.threads = threads;
    this.workers = Array.from({ length: threads }, () => startWorker(entry, workerData));
    this.exits = this.workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve)));
    for (const worker of this.workers) {
      worker.on('message', (answer: ThreadAnswer<Answer>) => this.settle(answer));
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => this.fail(new Error(`a verify-store thread exited (code ${code})`)));
    }
  }

  /** One task on the next thread in turn. */
  ask(request: Request): Promise<Answer> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.workers[id % this.workers.length]!.postMessage({ id, request } satisfies ThreadRequest<Request>);
    });
  }

  /** Asks each thread to finish (closing what it holds, a database connection), and stops any that does not in time. */
  async close(): Promise<void> {
    this.failure ??= new Error('the verify-store threads were closed');
    await Promise.all(
      this.workers.map(async (worker, i) => {
        worker.postMessage({ close: true } satisfies ThreadRequest<Request>);
        const stop = setTimeout(() => void worker.terminate(), CLOSE_WAIT_MS);
        await this.exits[i];
        clearTimeout(stop);
      }),
    );
  }

  private settle(answer: ThreadAnswer<Answer>): void {
    const waiter = this.waiting.get(answer.id);
    this.waiting.delete(answer.id);
    if ('error' in answer) waiter?.reject(new Error(answer.error));
    else waiter?.resolve(answer.answer);
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}

/**
 * The thread's side: answers each task with `handle` (its answer, and the buffers handed over
 * rather than copied), in the order they finish; on the word to finish, runs `close` and lets the
 * thread end.
 */
export function answerTasks<Request, Answer>(
  handle: (request: Request) => Promise<{ answer: Answer; transfer: ArrayBuffer[] }> | { answer: Answer; transfer: ArrayBuffer[] },
  close: () => Promise<void> = async () => {},
): void {
  // Nothing to answer when the module is imported anywhere but a thread this pool started (its
  // functions' tests, whose runner may itself run in a worker with messages of its own).
  if (!parentPort || !isVerifyThread(workerData)) return;
  const port = parentPort;
  port.on('message', async (message: ThreadRequest<Request>) => {
    if ('close' in message) {
      await close();
      port.close();
      return;
    }
    try {
      const { answer, transfer } = await handle(message.request);
      port.postMessage({ id: message.id, answer } satisfies ThreadAnswer<Answer>, transfer);
    } catch (error) {
      port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies ThreadAnswer<Answer>);
    }
  });
}

/** What every thread of the pool starts with: the mark that it is one, and the pool's own data. */
interface ThreadData {
  verifyStoreThread: true;
  data: unknown;
}

function isVerifyThread(data: unknown): data is ThreadData {
  return typeof data === 'object' && data !== null && (data as Partial<ThreadData>).verifyStoreThread === true;
}

/** In a thread of the pool, the `workerData` its pool was given (undefined elsewhere). */
export function verifyThreadData<Data>(): Data | undefined {
  return isVerifyThread(workerData) ? (workerData.data as Data) : undefined;
}

/**
 * A thread module beside `base` (the caller's import.meta.url): the TypeScript source under tsx
 * (the CLIs in development, the tests), the built file in the built server (decision 0043:
 * `scripts/build-server.mjs` THREAD_ENTRIES puts it beside the chunks).
 */
export function threadEntry(name: string, base: string): URL {
  return new URL(`./${name}${base.endsWith('.ts') ? '.ts' : '.mjs'}`, base);
}

/** One thread per core, up to four: the main thread and the database mostly wait on each other and fill about one core. */
function defaultThreads(): number {
  return Math.min(4, Math.max(1, availableParallelism()));
}

/** Under tsx the thread registers the TypeScript loader before it loads its module, as projector-thread-host.ts does. */
function startWorker(entry: URL, workerData: unknown): Worker {
  const options = {
    workerData: { verifyStoreThread: true, data: workerData } satisfies ThreadData,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  };
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  const source = `
    import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};
    register();
    await import(${JSON.stringify(entry.href)});`;
  return new Worker(source, { ...options, eval: true });
}
