import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import { logger } from '@desk/platform/logging/logger';
import { DEFAULT_ATTEMPTS, type JobHandlers, type JobName, type JobOptions, type JobPayloads, type JobQueue, type QueueDepth } from './job-queue';

export const QUEUE_NAME = 'desk-jobs';

function connection(url: string): ConnectionOptions {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
    // BullMQ's workers block on Redis; they must never give up on a slow reply.
    maxRetriesPerRequest: null,
  };
}

/**
 * Jobs in Redis through BullMQ: durable across restarts, shared by every process, retried with
 * exponential backoff. Finished jobs are removed, so an OTP code in a delivery job's data does not
 * outlive its delivery.
 */
export class BullQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly queue: Queue;

  constructor(redisUrl: string) {
    this.queue = new Queue(QUEUE_NAME, { connection: connection(redisUrl) });
  }

  async add<N extends JobName>(name: N, data: JobPayloads[N], options: JobOptions = {}): Promise<void> {
    await this.queue.add(name, data, {
      ...(options.jobId ? { jobId: options.jobId } : {}),
      delay: options.delayMs ?? 0,
      attempts: options.attempts ?? DEFAULT_ATTEMPTS,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: true,
      removeOnFail: { age: 24 * 3600 },
    });
  }

  async remove(jobId: string): Promise<void> {
    await this.queue.remove(jobId);
  }

  async depth(): Promise<QueueDepth> {
    const counts = await this.queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active');
    return { waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0), delayed: counts.delayed ?? 0, active: counts.active ?? 0 };
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}

/** Runs the jobs: in `start:worker`, or inside `npm start` when Redis is configured. */
export function startJobWorker(redisUrl: string, handlers: JobHandlers, concurrency = 8): { close(): Promise<void> } {
  const worker = new Worker(
    QUEUE_NAME,
    async (job) => {
      const handler = handlers[job.name as JobName] as ((data: unknown) => Promise<void>) | undefined;
      if (!handler) throw new Error(`No handler for job ${job.name}`);
      await handler(job.data);
    },
    { connection: connection(redisUrl), concurrency },
  );
  worker.on('failed', (job, error) => logger.warn('job failed', { job: job?.name, id: job?.id, attempt: job?.attemptsMade, error: error.message }));
  worker.on('error', (error) => logger.warn('job worker error', { error: error.message }));
  return { close: () => worker.close() };
}
