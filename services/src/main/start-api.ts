// First: a refused start (a setting wrong, a cluster left by an earlier copy, a port taken) prints one plain line.
import '@desk/platform/process/report-startup-refusals';
import { logFormatFor, setLogFormat, setLogLevel, logger } from '@desk/platform/logging/logger';
import { apiEnv as env } from './api.env';
import { openInfrastructure } from '@desk/platform/infrastructure';
import { allMigrations } from './all-migrations';
import { buildAppDeps } from './app-deps';
import { chainNetworks } from '../chain/chain-networks';
import { startNotificationDispatch } from '../notifications/notification-dispatch';
import { onShutdown } from '@desk/platform/process/shutdown';
import { startApiProcess } from './api-process';
import { ensureWebBuild } from './ensure-web-build';

/** `npm run start:api`: the API alone; run `npm run start:projector` beside it for the read models. */
setLogLevel(env.LOG_LEVEL);
setLogFormat(logFormatFor(env.NODE_ENV));
await ensureWebBuild();
const infra = await openInfrastructure(env, 'usdt-desk-api', allMigrations);
const { deps } = await buildAppDeps(infra, { ...env, declaredNodeEnv: process.env.NODE_ENV, chain: chainNetworks(env) });
// Without Redis this process runs its jobs, customer notifications' SMS among them; with it, `start:worker` queues them.
const notificationDispatch = env.REDIS_URL ? null : await startNotificationDispatch(infra.db, deps.queue, infra.connectionString);
const api = startApiProcess(deps, infra.db, env);
logger.info(`API listening on http://localhost:${env.PORT}`);

onShutdown(async () => {
  await api.close();
  await notificationDispatch?.stop();
  await deps.queue.close();
  await deps.store.close();
  await infra.close();
});
