import { CommandError, UsageError } from '../ops/cli-errors';

/**
 * Runs an operations command and sets its exit code: 0 done, 1 failed (the reason on stderr, a stack
 * only for what nobody foresaw), 2 bad arguments (with the usage).
 */
export async function runCli(usage: string, command: () => Promise<void>): Promise<never> {
  try {
    await command();
    process.exit(0);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${usage}\n`);
      process.exit(2);
    }
    process.stderr.write(`${error instanceof CommandError ? error.message : ((error as Error).stack ?? String(error))}\n`);
    process.exit(1);
  }
}

/** node:util's parseArgs throws a TypeError for unknown or malformed options: say it as a usage error. */
export function parseOrUsage<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
