import { describe, expect, it } from 'vitest';
import { orderView } from '@desk/machines/order/order-state';
import { orderEvolver } from '@desk/machines/order/order.decide';
import type { OrderEvent } from '@desk/machines/order/order.events';
import { placed, proof } from '@desk/machines/order/order.fixtures';
import type { JobOptions, JobQueue } from '../jobs/job-queue';
import { scheduleExpiry } from './order-expiry-jobs';

const viewAfter = (...events: OrderEvent[]) => orderView(events.reduce(orderEvolver.evolve, orderEvolver.initial()))!;

function recordingQueue() {
  const added: { name: string; data: unknown; options?: JobOptions }[] = [];
  const removed: string[] = [];
  const queue = {
    kind: 'in-process',
    add: async (name: string, data: unknown, options?: JobOptions) => void added.push({ name, data, options }),
    remove: async (jobId: string) => void removed.push(jobId),
  } as unknown as JobQueue;
  return { queue, added, removed };
}

describe('the payment window as a delayed job', () => {
  it('is due a moment after the window ends, never before', async () => {
    const { queue, added } = recordingQueue();
    const event = placed({ paymentDueAt: new Date(Date.now() + 60_000).toISOString() });
    await scheduleExpiry(queue)(event, viewAfter(event));
    // Scheduled at or before now: due no earlier than a quarter second after the window.
    const scheduledBy = Date.now();
    const [job] = added;
    expect(job).toMatchObject({ name: 'order.expire', options: { jobId: `expire-${event.data.orderId}`, attempts: 3 } });
    expect(scheduledBy + job!.options!.delayMs!).toBeGreaterThanOrEqual(Date.parse(event.data.paymentDueAt) + 250);
  });

  it('is removed once proof arrives', async () => {
    const { queue, removed } = recordingQueue();
    const event = placed();
    await scheduleExpiry(queue)(proof(), viewAfter(event, proof()));
    expect(removed).toEqual([`expire-${event.data.orderId}`]);
  });
});
