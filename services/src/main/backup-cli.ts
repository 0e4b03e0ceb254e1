// First: a refused start (a setting wrong, a settings file unreadable) prints one plain line, not a stack.
import '@desk/platform/process/report-startup-refusals';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setLogLevel } from '@desk/platform/logging/logger';
import { openInfrastructure } from '@desk/platform/infrastructure';
import { allMigrations } from './all-migrations';
import { backupProcessEnv as env } from './backup.env';
import { parseOrUsage, runCli } from './cli-main';
import { CommandError } from '../ops/cli-errors';
import { defaultBackupName } from '../ops/backup/backup-format';
import { writeBackup } from '../ops/backup/write-backup';
import { isFileId } from '../files/file-storage';

const USAGE = `Usage:
  npm run backup [-- --out <file>]   events and the services' tables to one gzip file of JSON lines
                                     (default: <DATA_DIR>/backups/usdt-desk-<time>.jsonl.gz); read
                                     models are not in it: a restore rebuilds them`;

await runCli(USAGE, async () => {
  const { values } = parseOrUsage(() =>
    parseArgs({ options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h', default: false } }, allowPositionals: false }),
  );
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  if (env.EVENTSTORE !== 'postgres') {
    throw new CommandError(
      'EVENTSTORE=eventstoredb: the events live in EventStoreDB; back it up with its own tools (this backs up the PostgreSQL event store)',
    );
  }
  const file = path.resolve(values.out ?? path.join(env.DATA_DIR, 'backups', defaultBackupName(new Date())));
  // Start-up and migration chatter would drown the progress lines.
  setLogLevel(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL);
  const infra = await openInfrastructure(env, 'usdt-desk-backup', allMigrations);
  try {
    await writeBackup({ pool: infra.pool, file, write: (line) => process.stdout.write(`${line}\n`) });
  } finally {
    await infra.close();
  }
  warnAboutFilesOnDisk(path.resolve(env.DATA_DIR, 'uploads'));
});

/** Uploads kept on disk (FILE_STORAGE=disk, the embedded default) are outside the database, so outside this file. */
function warnAboutFilesOnDisk(dir: string) {
  const files = existsSync(dir) ? readdirSync(dir).filter(isFileId).length : 0;
  if (files > 0) {
    process.stdout.write(`[backup] note: ${dir} holds ${files} uploaded files on disk, which are not in this backup: copy that directory with it\n`);
  }
}
