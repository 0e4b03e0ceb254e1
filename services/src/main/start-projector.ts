// First: a refused start (a setting wrong, a cluster left by an earlier copy, a port taken) prints one plain line.
import '@desk/platform/process/report-startup-refusals';
import { logFormatFor, setLogFormat, setLogLevel } from '@desk/platform/logging/logger';
import { openInfrastructure } from '@desk/platform/infrastructure';
import { allMigrations } from './all-migrations';
import { onShutdown } from '@desk/platform/process/shutdown';
import { projectorProcessEnv as env } from './projector.env';
import { projectorPoolSize, startRegisteredProjections } from './start-registered-projections';
import { startProbeServer } from '../api/probe-server';

/** `npm run start:projector`: projection workers alone. More processes = hot standbys. */
setLogLevel(env.LOG_LEVEL);
setLogFormat(logFormatFor(env.NODE_ENV));
const infra = await openInfrastructure({ ...env, DATABASE_POOL_SIZE: projectorPoolSize(env.DATABASE_POOL_SIZE) }, 'usdt-desk-projector', allMigrations);
const projector = await startRegisteredProjections(infra, env);
// A standby is ready too: ready means "its stores answer, it can take over", not "it holds a lock".
const probes = startProbeServer(env, { pool: infra.pool, eventStore: infra.eventStore });

onShutdown(async () => {
  probes.drain();
  await projector.stop();
  await probes.close();
  await infra.close();
});
