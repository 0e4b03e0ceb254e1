import { serve } from '@hono/node-server';
import { setLogLevel, logger } from '../shared/logger';
import { allEnv as env } from './all.env';
import { openInfrastructure } from './infrastructure';
import { createApp } from '../api/app';
import { onShutdown } from './shutdown';
import { startProjector } from '@desk/projections/runtime/projector';
import { projections } from '@desk/projections/definitions/index';

/** `npm start`: the whole product in one process (API + projection workers). */
setLogLevel(env.LOG_LEVEL);
const infra = await openInfrastructure(env, 'usdt-desk-all');
const projector = await startProjector({
  db: infra.db,
  connectionString: infra.connectionString,
  store: infra.eventStore,
  projections,
  batchSize: env.PROJECTION_BATCH_SIZE,
  pollMs: env.PROJECTION_POLL_MS,
  standbyRetryMs: env.PROJECTION_STANDBY_RETRY_MS,
});
const server = serve({ fetch: createApp(infra).fetch, port: env.PORT, hostname: env.HOST });
logger.info(`USDT Desk is running on http://localhost:${env.PORT}`);

onShutdown(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await projector.stop();
  await infra.close();
});
