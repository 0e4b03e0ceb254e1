// First: a refused start (a setting wrong, a settings file unreadable) prints one plain line, not a stack.
import '@desk/platform/process/report-startup-refusals';
import { parseArgs } from 'node:util';
import { parseOrUsage, runCli } from './cli-main';
import { UsageError } from '../ops/cli-errors';
import { verifyExportFile } from '../ops/audit/verify-export-file';

const USAGE = `Usage:
  npm run audit -- verify <file> --key <sha256:fingerprint | public-key.pem>
        checks an audit export with no database and no network: every event's hash chain, the
        manifest's counts and stream heads, and its ed25519 signature by the operator's published
        key (--key). Without --key it names the key that signed the file and exits 1: a forger
        signs with a key of their own
  npm run audit -- verify-store
        walks the whole event store and reports the first edited, deleted or moved event`;

const write = (line: string) => process.stdout.write(`${line}\n`);

await runCli(USAGE, async () => {
  const { positionals, values } = parseOrUsage(() =>
    parseArgs({ allowPositionals: true, options: { key: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } } }),
  );
  const [command, file] = positionals;
  if (values.help) return void write(USAGE);
  if (command === 'verify') {
    if (!file) throw new UsageError('verify needs the export file');
    return verifyExportFile(file, values.key, write);
  }
  if (command === 'verify-store') {
    // Only this command reads the environment and opens the database.
    const { verifyConfiguredStore } = await import('./audit-store');
    return verifyConfiguredStore(write);
  }
  throw new UsageError(command ? `unknown command ${command}` : 'name a command');
});
