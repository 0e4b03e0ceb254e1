import { parentPort } from 'node:worker_threads';
import { logFormatFor, setLogFormat, setLogLevel } from '@desk/platform/logging/logger';
import { openInfrastructure } from '@desk/platform/infrastructure';
import { allMigrations } from './all-migrations';
import { projectorProcessEnv as env } from './projector.env';
import { projectorPoolSize, startRegisteredProjections } from './start-registered-projections';

/**
 * The projection workers of `npm start`, on a thread of their own (projector-thread-host.ts starts
 * it with the database the main thread opened). It is `npm run start:projector` in all but the
 * signals: the main thread asks it to stop with a message.
 */
setLogLevel(env.LOG_LEVEL);
setLogFormat(logFormatFor(env.NODE_ENV));
const infra = await openInfrastructure({ ...env, DATABASE_POOL_SIZE: projectorPoolSize(env.DATABASE_POOL_SIZE) }, 'usdt-desk-projector', allMigrations);
const projector = await startRegisteredProjections(infra, env);
parentPort!.postMessage('started');
parentPort!.once('message', () => {
  void (async () => {
    await projector.stop();
    await infra.close();
    parentPort!.close();
  })();
});
