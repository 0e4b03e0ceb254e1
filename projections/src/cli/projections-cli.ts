import { parseArgs } from 'node:util';
import { setLogLevel } from '@desk/services/shared/logger';
import { openInfrastructure } from '@desk/services/main/infrastructure';
import { projectorProcessEnv as env } from '../main/projector.env';
import { findProjections } from '../definitions/index';
import { rebuildProjection } from '../runtime/rebuild';
import { projectionStatus } from '../runtime/projection-status';

const USAGE = `Usage:
  npm run projections -- status [name]            checkpoint, events behind, lag per projection (JSON)
  npm run projections -- rebuild [name] [--restart] rebuild one projection or all; resumes an interrupted
                                                   rebuild unless --restart`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { restart: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
});
const [command, name] = positionals;
if (values.help || (command !== 'status' && command !== 'rebuild')) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(values.help ? 0 : 2);
}

// Migration and start-up chatter would drown the progress lines.
setLogLevel(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL);
const selected = findProjections(name);
const infra = await openInfrastructure(env, 'usdt-desk-cli');
try {
  if (command === 'status') {
    const statuses = [];
    for (const projection of selected) statuses.push(await projectionStatus(infra.db, infra.eventStore, projection));
    process.stdout.write(`${JSON.stringify(statuses, null, 2)}\n`);
  } else {
    for (const projection of selected) {
      await rebuildProjection({
        db: infra.db,
        store: infra.eventStore,
        projection,
        batchSize: env.PROJECTION_BATCH_SIZE,
        restart: values.restart,
      });
    }
  }
} finally {
  await infra.close();
}
