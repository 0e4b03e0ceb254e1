import { logFormatFor, setLogFormat, setLogLevel } from '@desk/platform/logging/logger';
import { openInfrastructure } from '@desk/platform/infrastructure';
import { allMigrations } from './all-migrations';
import { onShutdown } from '@desk/platform/process/shutdown';
import { projectorProcessEnv as env } from './projector.env';
import { projectorPoolSize, startRegisteredProjections } from './start-registered-projections';
import { reportStartupRefusals } from '@desk/platform/process/startup-refusal';

// A refused start (a cluster left by an earlier copy, a port taken) prints one plain line.
reportStartupRefusals();

/** `npm run start:projector`: projection workers alone. More processes = hot standbys. */
setLogLevel(env.LOG_LEVEL);
setLogFormat(logFormatFor(env.NODE_ENV));
const infra = await openInfrastructure({ ...env, DATABASE_POOL_SIZE: projectorPoolSize(env.DATABASE_POOL_SIZE) }, 'usdt-desk-projector', allMigrations);
const projector = await startRegisteredProjections(infra, env);

onShutdown(async () => {
  await projector.stop();
  await infra.close();
});
