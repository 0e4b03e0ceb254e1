import { setLogLevel } from '@desk/services/shared/logger';
import { openInfrastructure } from '@desk/services/main/infrastructure';
import { onShutdown } from '@desk/services/main/shutdown';
import { projectorProcessEnv as env } from './projector.env';
import { startProjector } from '../runtime/projector';
import { projections } from '../definitions/index';

/** `npm run start:projector`: projection workers alone. More processes = hot standbys. */
setLogLevel(env.LOG_LEVEL);
const infra = await openInfrastructure(env, 'usdt-desk-projector');
const projector = await startProjector({
  db: infra.db,
  connectionString: infra.connectionString,
  store: infra.eventStore,
  projections,
  batchSize: env.PROJECTION_BATCH_SIZE,
  pollMs: env.PROJECTION_POLL_MS,
  standbyRetryMs: env.PROJECTION_STANDBY_RETRY_MS,
});

onShutdown(async () => {
  await projector.stop();
  await infra.close();
});
