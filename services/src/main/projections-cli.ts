// First: a refused start (a setting wrong, a settings file unreadable) prints one plain line, not a stack.
import '@desk/platform/process/report-startup-refusals';
import { parseArgs } from 'node:util';
import { setLogLevel } from '@desk/platform/logging/logger';
import { openInfrastructure } from '@desk/platform/infrastructure';
import { allMigrations } from './all-migrations';
import { projectorProcessEnv as env } from './projector.env';
import { findProjections } from '@desk/projections/read-models/index';
import { rebuildProjections } from '@desk/projections/runtime/rebuild';
import { projectionStatuses } from '@desk/projections/runtime/projection-status';

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
const infra = await openInfrastructure(env, 'usdt-desk-cli', allMigrations);
try {
  if (command === 'status') {
    const statuses = await projectionStatuses(infra.db, infra.eventStore, selected);
    process.stdout.write(`${JSON.stringify(statuses, null, 2)}\n`);
  } else {
    // All of them together, in one read of the log (decision 0057).
    await rebuildProjections({ db: infra.db, store: infra.eventStore, projections: selected, batchSize: env.PROJECTION_BATCH_SIZE, restart: values.restart });
  }
} finally {
  await infra.close();
}
