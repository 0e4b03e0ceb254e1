// First: a refused start (a setting wrong, a settings file unreadable) prints one plain line, not a stack.
import '@desk/platform/process/report-startup-refusals';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setLogLevel } from '@desk/platform/logging/logger';
import { openInfrastructure } from '@desk/platform/infrastructure';
import { allMigrations } from './all-migrations';
import { backupProcessEnv as env } from './backup.env';
import { parseOrUsage, runCli } from './cli-main';
import { CommandError, UsageError } from '../ops/cli-errors';
import { restoreRows } from '../ops/backup/restore-rows';
import { rebuildReadModels } from '../ops/backup/rebuild-read-models';
import { seconds } from '../ops/progress';

const USAGE = `Usage:
  npm run restore -- <file> [--force]   restores a backup (npm run backup) into an empty database,
                                        then rebuilds every read model; --force replaces what a
                                        non-empty database holds. Stop the product first.`;

await runCli(USAGE, async () => {
  const { values, positionals } = parseOrUsage(() =>
    parseArgs({ options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } }, allowPositionals: true }),
  );
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  if (positionals.length !== 1) throw new UsageError('Name one backup file to restore');
  const file = path.resolve(positionals[0]!);
  if (!existsSync(file)) throw new CommandError(`No such file: ${file}`);
  if (env.EVENTSTORE !== 'postgres')
    throw new CommandError('EVENTSTORE=eventstoredb: a backup holds PostgreSQL events; restore into the PostgreSQL event store');

  const write = (line: string) => process.stdout.write(`${line}\n`);
  setLogLevel(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL);
  const started = Date.now();
  const infra = await openInfrastructure(env, 'usdt-desk-restore', allMigrations);
  try {
    const restored = await restoreRows({ pool: infra.pool, file, force: values.force, write });
    const rebuildStarted = Date.now();
    await rebuildReadModels(infra.db, infra.eventStore, env.PROJECTION_BATCH_SIZE, write);
    write(
      `[restore] done in ${seconds(Date.now() - started)}: rows ${seconds(restored.ms)}, read models ${seconds(Date.now() - rebuildStarted)} (backup of ${restored.createdAt})`,
    );
  } finally {
    await infra.close();
  }
});
