import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '@desk/machines/order/order.events';
import type { OrderView } from '@desk/machines/order/order-state';
import { orderFollowUps } from './order-follow-ups';

const placed = { type: 'OrderPlaced' } as OrderEvent;
const view = { orderId: 'order-1' } as OrderView;

describe('order follow-ups', () => {
  it('waits for every hook, for each event in turn and each hook in the order given, when they answer in time', async () => {
    const ran: string[] = [];
    const hook = (name: string, ms: number) => async (event: OrderEvent) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      ran.push(`${event.type} ${name}`);
    };
    const flagged = { type: 'OrderFlagged' } as OrderEvent;
    await orderFollowUps([hook('expiry', 20), hook('evidence', 1), hook('match', 5)], 1_000)([placed, flagged], view);
    expect(ran).toEqual([
      'OrderPlaced expiry',
      'OrderPlaced evidence',
      'OrderPlaced match',
      'OrderFlagged expiry',
      'OrderFlagged evidence',
      'OrderFlagged match',
    ]);
  });

  it('answers after its wait while a hook is still held, and the rest follow once it lets go', async () => {
    const ran: string[] = [];
    let release = (): void => undefined;
    const held = () => new Promise<void>((resolve) => (release = resolve)).then(() => void ran.push('expiry'));
    const started = performance.now();
    await orderFollowUps([held, async () => void ran.push('evidence')], 50)([placed], view);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(ran).toEqual([]);
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ran).toEqual(['expiry', 'evidence']);
  });

  it("bounds a command's wait once, not once for each of its events (review 15)", async () => {
    const neverAnswers = () => new Promise<void>(() => undefined);
    const started = performance.now();
    const events = ['ProofSubmitted', 'OrderFlagged', 'ChainTransferChecked'].map((type) => ({ type }) as OrderEvent);
    await orderFollowUps([neverAnswers], 500)(events, view);
    // Before: 500 ms for each event (1,500 and more); a busy machine's timers run late, not early, so
    // the margin (900 ms) is for them.
    expect(performance.now() - started).toBeLessThan(1_400);
  });

  it('logs a hook that throws and goes on answering', async () => {
    await expect(orderFollowUps([async () => Promise.reject(new Error('queue gone'))], 50)([placed], view)).resolves.toBeUndefined();
  });
});
