import { setLogLevel } from '@desk/services/shared/logger';
import { openInfrastructure } from '@desk/services/main/infrastructure';
import { onShutdown } from '@desk/services/main/shutdown';
import { projectorProcessEnv as env } from './projector.env';
import { startRegisteredProjections } from './start-registered-projections';

/** `npm run start:projector`: projection workers alone. More processes = hot standbys. */
setLogLevel(env.LOG_LEVEL);
const infra = await openInfrastructure(env, 'usdt-desk-projector');
const projector = await startRegisteredProjections(infra, env);

onShutdown(async () => {
  await projector.stop();
  await infra.close();
});
