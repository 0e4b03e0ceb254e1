// First: a refused start (a setting wrong, a cluster left by an earlier copy, a port taken) prints one plain line.
import '@desk/platform/process/report-startup-refusals';
import { logFormatFor, setLogFormat, setLogLevel, logger } from '@desk/platform/logging/logger';
import { allEnv as env } from './all.env';
import { openInfrastructure } from '@desk/platform/infrastructure';
import { allMigrations } from './all-migrations';
import { buildAppDeps } from './app-deps';
import { chainNetworks } from '../chain/chain-networks';
import { startNotificationDispatch } from '../notifications/notification-dispatch';
import { startWebhookFeed } from '../webhooks/webhooks';
import { startJobWorker } from '../jobs/bull-queue';
import { onShutdown } from '@desk/platform/process/shutdown';
import { startApiProcess } from './api-process';
import { ensureWebBuild } from './ensure-web-build';
import { startProjectorThread } from './projector-thread-host';

/** `npm start`: the whole product in one process (the API and the job worker; the projection workers on their own thread). */
setLogLevel(env.LOG_LEVEL);
setLogFormat(logFormatFor(env.NODE_ENV));
await ensureWebBuild();
const infra = await openInfrastructure(env, 'usdt-desk-all', allMigrations);
const projector = await startProjectorThread(infra.connectionString);
const { deps, handlers } = await buildAppDeps(infra, { ...env, declaredNodeEnv: process.env.NODE_ENV, chain: chainNetworks(env) });
// With Redis, this process also runs the job worker (without it, jobs run on in-process timers).
const worker = env.REDIS_URL ? startJobWorker(env.REDIS_URL, handlers) : null;
// Customer notifications' SMS, queued where jobs run: here, on timers or through its BullMQ worker.
const notificationDispatch = await startNotificationDispatch(infra.db, deps.queue, infra.connectionString);
const webhookFeed = await startWebhookFeed(deps.webhooks, deps.eventStore);
const api = startApiProcess(deps, infra.db, env);
logger.info(`USDT Desk is running on http://localhost:${env.PORT}`);

onShutdown(async () => {
  await api.close();
  await notificationDispatch.stop();
  await webhookFeed.stop();
  await worker?.close();
  await deps.queue.close();
  await deps.store.close();
  await projector.stop();
  await infra.close();
});
