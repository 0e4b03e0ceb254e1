import { describe, expect, it } from 'vitest';
import type { WebhookDispatch } from './webhook-dispatch';
import type { WebhookFeed } from './webhook-feed';
import { startWebhookFeed } from './webhooks';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Appends told of while the feed reads are gathered into the next read, a moment later, rather than
 * each starting a read of its own (each read is a writing transaction over the log).
 */
describe('the webhook feed under a steady stream of appends', () => {
  const start = async (gatherMs: number) => {
    let told: () => void = () => {};
    const reads: number[] = [];
    const feed = { catchUp: async () => (reads.push(Date.now()), []) } as unknown as WebhookFeed;
    const dispatch = { queueNew: async () => {}, sweep: async () => {} } as unknown as WebhookDispatch;
    const running = await startWebhookFeed({ feed, dispatch }, { onAppended: async (listener) => ((told = listener), async () => {}) }, 60_000, gatherMs);
    return { running, reads, append: () => told() };
  };

  it('reads once at start, at once on a quiet desk, then once per gather while appends keep coming', async () => {
    const { running, reads, append } = await start(60);
    await sleep(100);
    expect(reads).toHaveLength(1); // the read at start
    append();
    await sleep(20);
    expect(reads).toHaveLength(2); // a quiet desk's append is read at once

    // 150 appends 2 ms apart (longer on a busy machine): without the gather, a read for each.
    const began = Date.now();
    for (let i = 0; i < 150; i++) {
      append();
      await sleep(2);
    }
    const elapsed = Date.now() - began;
    await sleep(150);
    await running.stop();
    const during = reads.length - 2;
    expect(during).toBeGreaterThanOrEqual(2);
    expect(during).toBeLessThanOrEqual(Math.ceil(elapsed / 60) + 2);
    for (let i = 3; i < reads.length; i++) expect(reads[i]! - reads[i - 1]!).toBeGreaterThanOrEqual(55);
  });
});
