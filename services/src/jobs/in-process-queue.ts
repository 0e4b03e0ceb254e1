import { logger } from '@desk/platform/logging/logger';
import { backoffMs, DEFAULT_ATTEMPTS, type JobHandlers, type JobName, type JobOptions, type JobPayloads, type JobQueue, type QueueDepth } from './job-queue';

/** Jobs as timers in this process, with the same retry policy as the BullMQ queue. */
export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly timers = new Map<string, { timer: NodeJS.Timeout; dueAt: number }>();
  private running = 0;
  private handlers: JobHandlers | null = null;
  private sequence = 0;

  /** Handlers are attached after construction: some need services that need the queue. */
  run(handlers: JobHandlers): void {
    this.handlers = handlers;
  }

  async add<N extends JobName>(name: N, data: JobPayloads[N], options: JobOptions = {}): Promise<void> {
    const id = options.jobId ?? `${name}-${++this.sequence}`;
    if (this.timers.has(id)) return;
    this.schedule(id, name, data, options.delayMs ?? 0, 1, options.attempts ?? DEFAULT_ATTEMPTS);
  }

  async remove(jobId: string): Promise<void> {
    clearTimeout(this.timers.get(jobId)?.timer);
    this.timers.delete(jobId);
  }

  async depth(): Promise<QueueDepth> {
    const now = Date.now();
    let waiting = 0;
    for (const { dueAt } of this.timers.values()) if (dueAt <= now) waiting += 1;
    return { waiting, delayed: this.timers.size - waiting, active: this.running };
  }

  async close(): Promise<void> {
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private schedule<N extends JobName>(id: string, name: N, data: JobPayloads[N], delayMs: number, attempt: number, attempts: number): void {
    const timer = setTimeout(async () => {
      this.timers.delete(id);
      this.running += 1;
      try {
        if (!this.handlers) throw new Error('no job handlers attached');
        await (this.handlers[name] as (d: JobPayloads[N]) => Promise<void>)(data);
      } catch (error) {
        logger.warn('job failed', { job: name, id, attempt, error: (error as Error).message });
        if (attempt < attempts) this.schedule(id, name, data, backoffMs(attempt), attempt + 1, attempts);
      } finally {
        this.running -= 1;
      }
    }, delayMs);
    timer.unref();
    this.timers.set(id, { timer, dueAt: Date.now() + delayMs });
  }
}
