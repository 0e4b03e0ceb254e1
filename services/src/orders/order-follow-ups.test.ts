import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '@desk/machines/order/order.events';
import type { OrderView } from '@desk/machines/order/order-state';
import { orderFollowUps } from './order-follow-ups';

const event = { type: 'OrderPlaced' } as OrderEvent;
const view = { orderId: 'order-1' } as OrderView;

describe('order follow-ups', () => {
  it('waits for every hook, one after another in the order given, when they answer in time', async () => {
    const ran: string[] = [];
    const hook = (name: string, ms: number) => async () => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      ran.push(name);
    };
    await orderFollowUps([hook('expiry', 20), hook('evidence', 1), hook('match', 5)], 1_000)(event, view);
    expect(ran).toEqual(['expiry', 'evidence', 'match']);
  });

  it('answers after its wait while a hook is still held, and the rest follow once it lets go', async () => {
    const ran: string[] = [];
    let release = (): void => undefined;
    const held = () => new Promise<void>((resolve) => (release = resolve)).then(() => void ran.push('expiry'));
    const started = performance.now();
    await orderFollowUps([held, async () => void ran.push('evidence')], 50)(event, view);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(ran).toEqual([]);
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ran).toEqual(['expiry', 'evidence']);
  });

  it('logs a hook that throws and goes on answering', async () => {
    await expect(orderFollowUps([async () => Promise.reject(new Error('queue gone'))], 50)(event, view)).resolves.toBeUndefined();
  });
});
