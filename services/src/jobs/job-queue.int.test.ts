import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { JobHandlers, JobQueue } from './job-queue';
import { InProcessQueue } from './in-process-queue';
import { BullQueue, startJobWorker } from './bull-queue';
import { startTestRedis, type TestRedis } from '../../../tests/support/redis-server';
import { waitFor } from '../../../tests/support/wait-for';

interface Harness {
  queue: JobQueue;
  ran: { name: string; data: unknown; at: number }[];
  failuresLeft: Map<string, number>;
  /** While set, a `projection.rebuild` of "blocking" waits for it: a job caught running. */
  blocking?: Promise<void>;
}

function handlersFor(h: Harness): JobHandlers {
  const record = (name: string) => async (data: any) => {
    if (data.projection === 'blocking') await h.blocking;
    const left = h.failuresLeft.get(data.phone ?? data.orderId ?? '') ?? 0;
    if (left > 0) {
      h.failuresLeft.set(data.phone ?? data.orderId, left - 1);
      throw new Error('provider down');
    }
    h.ran.push({ name, data, at: Date.now() });
  };
  return {
    'otp.deliver': record('otp.deliver'),
    'order.expire': record('order.expire'),
    'order.evidence': record('order.evidence'),
    'projection.rebuild': record('projection.rebuild'),
    'reconciliation.match': record('reconciliation.match'),
    'chain.check': record('chain.check'),
    'notification.sms': record('notification.sms'),
    'webhook.deliver': record('webhook.deliver'),
  };
}

function contract(name: string, open: (h: Harness) => Promise<() => Promise<void>>) {
  describe(`job queue: ${name}`, () => {
    const h: Harness = { queue: null as unknown as JobQueue, ran: [], failuresLeft: new Map() };
    let close: () => Promise<void>;
    beforeAll(async () => {
      close = await open(h);
    }, 30_000);
    afterAll(() => close());

    it('runs a job', async () => {
      const phone = `+91${randomUUID().slice(0, 8)}`;
      await h.queue.add('otp.deliver', { phone, code: '123456', purpose: 'login' });
      await waitFor('the job', async () => h.ran.some((r) => (r.data as any).phone === phone));
    });

    it('runs a delayed job after its delay, and never a removed one', async () => {
      const due = randomUUID();
      const removed = randomUUID();
      const start = Date.now();
      await h.queue.add('order.expire', { orderId: due }, { delayMs: 600, jobId: `expire-${due}` });
      await h.queue.add('order.expire', { orderId: removed }, { delayMs: 600, jobId: `expire-${removed}` });
      await h.queue.remove(`expire-${removed}`);
      await waitFor('the delayed job', async () => h.ran.find((r) => (r.data as any).orderId === due));
      expect(h.ran.find((r) => (r.data as any).orderId === due)!.at - start).toBeGreaterThanOrEqual(550);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(h.ran.some((r) => (r.data as any).orderId === removed)).toBe(false);
    });

    it('retries a failing job with backoff until it succeeds', async () => {
      const phone = `+91${randomUUID().slice(0, 8)}`;
      h.failuresLeft.set(phone, 2);
      await h.queue.add('otp.deliver', { phone, code: '654321', purpose: 'register' }, { attempts: 4 });
      await waitFor('the retried job', async () => h.ran.some((r) => (r.data as any).phone === phone), 15_000);
      expect(h.failuresLeft.get(phone)).toBe(0);
    }, 20_000);

    it('reports its depth: a delayed job until it is due or removed, a running one as active', async () => {
      const before = await h.queue.depth();
      const later = randomUUID();
      await h.queue.add('order.expire', { orderId: later }, { delayMs: 60_000, jobId: `expire-${later}` });
      await waitFor('the delayed job counted', async () => (await h.queue.depth()).delayed === before.delayed + 1);

      let release!: () => void;
      h.blocking = new Promise((resolve) => (release = resolve));
      await h.queue.add('projection.rebuild', { projection: 'blocking', requestedBy: 'test' });
      await waitFor('the running job counted', async () => (await h.queue.depth()).active === before.active + 1);
      release();
      await waitFor('the job done', async () => (await h.queue.depth()).active === before.active);

      await h.queue.remove(`expire-${later}`);
      expect(await h.queue.depth()).toEqual(before);
    });
  });
}

contract('in-process', async (h) => {
  const queue = new InProcessQueue();
  queue.run(handlersFor(h));
  h.queue = queue;
  return () => queue.close();
});

let redis: TestRedis;
contract('BullMQ', async (h) => {
  redis = await startTestRedis();
  const queue = new BullQueue(redis.url);
  const worker = startJobWorker(redis.url, handlersFor(h));
  h.queue = queue;
  return async () => {
    await worker.close();
    await queue.close();
    await redis.stop();
  };
});
