// First: a refused start (a setting wrong, a cluster left by an earlier copy, a port taken) prints one plain line.
import '@desk/platform/process/report-startup-refusals';
import { setLogLevel, logger } from '@desk/platform/logging/logger';
import { workerEnv as env } from './worker.env';
import { openInfrastructure } from '@desk/platform/infrastructure';
import { allMigrations } from './all-migrations';
import { buildAppDeps } from './app-deps';
import { chainNetworks } from '../chain/chain-networks';
import { startJobWorker } from '../jobs/bull-queue';
import { startWebhookFeed } from '../webhooks/webhooks';
import { startNotificationDispatch } from '../notifications/notification-dispatch';
import { onShutdown } from '@desk/platform/process/shutdown';
import { ProxyTrust } from '../http/proxy-trust';
import { startProbeServer } from '../api/probe-server';

/** `npm run start:worker`: runs the background jobs (OTP delivery, order expiry, projection rebuilds). */
setLogLevel(env.LOG_LEVEL);
const infra = await openInfrastructure(env, 'usdt-desk-worker', allMigrations);
const { deps, handlers } = await buildAppDeps(infra, {
  ...env,
  TRUST_PROXY: ProxyTrust.none(),
  skipAdminBootstrap: true,
  signsNoExports: true,
  chain: chainNetworks(env),
});
const worker = startJobWorker(env.REDIS_URL, handlers);
// The webhooks' feed runs where the jobs run (decision 0039): one process reads at a time.
const webhookFeed = await startWebhookFeed(deps.webhooks, deps.eventStore);
// Customer notifications' SMS: queued as the projection makes them, sent once however many workers run.
const notificationDispatch = await startNotificationDispatch(infra.db, deps.queue, infra.connectionString);
logger.info('job worker running', { redis: 'REDIS_URL' });
const probes = startProbeServer(env, { pool: infra.pool, eventStore: infra.eventStore, store: deps.store });

onShutdown(async () => {
  probes.drain();
  await notificationDispatch.stop();
  await webhookFeed.stop();
  await worker.close();
  await deps.queue.close();
  await deps.store.close();
  await probes.close();
  await infra.close();
});
