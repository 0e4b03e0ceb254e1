import type { Kysely } from 'kysely';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import { logger } from '@desk/platform/logging/logger';
import type { JobQueue } from '../jobs/job-queue';
import { startPeriodicTask } from '../jobs/periodic-task';
import { SecretSeal } from '../identity/sealed-secret';
import type { WebhookDb } from './webhook-database';
import { WebhookEndpoints } from './webhook-endpoints';
import { WebhookDispatch, type DispatchOptions } from './webhook-dispatch';
import { WebhookDeliveryLog } from './webhook-delivery-log';
import { WebhookFeed } from './webhook-feed';

export interface Webhooks {
  endpoints: WebhookEndpoints;
  dispatch: WebhookDispatch;
  log: WebhookDeliveryLog;
  feed: WebhookFeed;
  production: boolean;
}

/** The webhooks' parts, built once per process (decision 0039). Secrets are sealed with a key of their own, derived from the token secret. */
export function buildWebhooks(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shared handle; the webhooks type it with their own tables
  db: Kysely<any>,
  store: EventStore,
  queue: JobQueue,
  tokenSecret: string,
  options: DispatchOptions,
): Webhooks {
  const webhookDb = db as WebhookDb;
  const endpoints = new WebhookEndpoints(webhookDb, store, new SecretSeal(tokenSecret, 'webhook-signing-secrets'));
  return {
    endpoints,
    dispatch: new WebhookDispatch(webhookDb, endpoints, queue, options),
    log: new WebhookDeliveryLog(webhookDb, endpoints),
    feed: new WebhookFeed(webhookDb, store),
    production: options.production,
  };
}

/** How often the feed looks at the log without being told, and the sweep for deliveries no job picked up. */
const FEED_POLL_MS = 5_000;
const SWEEP_MS = 30_000;

/**
 * Runs the feed where the jobs run (`npm start`, `npm run start:worker`): read when the event store
 * says something was appended, and every few seconds besides (the hint is not a guarantee), then
 * queue the first attempt of what it wrote. Any number of processes may run it: one reads at a time.
 */
export async function startWebhookFeed({ feed, dispatch }: Pick<Webhooks, 'feed' | 'dispatch'>, store: EventStore, pollMs = FEED_POLL_MS) {
  let again = false;
  let running: Promise<void> | null = null;
  const read = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await dispatch.queueNew(await feed.catchUp());
      } while (again);
    })()
      .catch((error: Error) => logger.warn('webhook feed failed', { error: error.message }))
      .finally(() => (running = null));
  };
  const unlisten = await store.onAppended(read);
  const poll = startPeriodicTask('webhook feed', pollMs, async () => read());
  const sweep = startPeriodicTask('webhook sweep', SWEEP_MS, () => dispatch.sweep());
  read();
  return {
    async stop() {
      await unlisten();
      await poll.stop();
      await sweep.stop();
      await running;
    },
  };
}
