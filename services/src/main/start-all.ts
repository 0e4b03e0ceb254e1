// First: a refused start (a setting wrong, a cluster left by an earlier copy, a port taken) prints one plain line.
import '@desk/platform/process/report-startup-refusals';
import { serve } from '@hono/node-server';
import { logFormatFor, setLogFormat, setLogLevel, logger } from '@desk/platform/logging/logger';
import { allEnv as env } from './all.env';
import { openInfrastructure } from '@desk/platform/infrastructure';
import { allMigrations } from './all-migrations';
import { createApp } from '../api/app';
import { buildAppDeps } from './app-deps';
import { chainNetworks } from '../chain/chain-networks';
import { startExpirySweeper } from '../orders/expiry-sweeper';
import { startOrphanClaimSweeper } from '../orders/orphan-claims';
import { startIdempotencySweep } from '../jobs/idempotency-sweep';
import { startMatchingSweep } from '../reconciliation/matching-jobs';
import { startNotificationDispatch } from '../notifications/notification-dispatch';
import { startWebhookFeed } from '../webhooks/webhooks';
import { startJobWorker } from '../jobs/bull-queue';
import { onShutdown } from '@desk/platform/process/shutdown';
import { Draining, drainAndClose } from '@desk/platform/process/draining';
import type { Server } from 'node:http';
import { isProbe } from '../api/health.routes';
import { ensureWebBuild } from './ensure-web-build';
import { startMetricsEndpoint } from './metrics-endpoint';
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
const sweeper = startExpirySweeper(deps.orders.db, deps.orders.commands);
const orphanClaims = startOrphanClaimSweeper(deps.orders.eventStore, deps.orders.claims);
const idempotencySweep = startIdempotencySweep(infra.db);
const matching = startMatchingSweep(deps.reconciliation.matcher);
// Customer notifications' SMS, queued where jobs run: here, on timers or through its BullMQ worker.
const notificationDispatch = await startNotificationDispatch(infra.db, deps.queue, infra.connectionString);
const webhookFeed = await startWebhookFeed(deps.webhooks, deps.eventStore);
const metrics = startMetricsEndpoint(env, deps);
// From SIGTERM on, /readyz answers 503 while the requests running finish (platform/src/process/draining.ts).
const drain = new Draining(isProbe);
const server = serve({ fetch: createApp({ ...deps, observeRequest: metrics.observeRequest, drain }).fetch, port: env.PORT, hostname: env.HOST }) as Server;
drain.track(server);
logger.info(`USDT Desk is running on http://localhost:${env.PORT}`);

onShutdown(async () => {
  drain.begin();
  // Open live streams would hold the drain open: end them first (their clients resume elsewhere).
  await deps.live.hub.close();
  await drainAndClose(server, drain, { minimumMs: env.SHUTDOWN_DELAY_MS, maximumMs: env.SHUTDOWN_TIMEOUT_MS });
  await deps.users.close();
  await deps.sessions.close();
  await metrics.close();
  await sweeper.stop();
  await orphanClaims.stop();
  await idempotencySweep.stop();
  await matching.stop();
  await notificationDispatch.stop();
  await webhookFeed.stop();
  await worker?.close();
  await deps.queue.close();
  await deps.store.close();
  await projector.stop();
  await infra.close();
});
