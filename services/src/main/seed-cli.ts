// First: a refused start (a setting wrong, a settings file unreadable) prints one plain line, not a stack.
import '@desk/platform/process/report-startup-refusals';
import { parseArgs } from 'node:util';
import { setLogLevel } from '@desk/platform/logging/logger';
import { openInfrastructure } from '@desk/platform/infrastructure';
import { allMigrations } from './all-migrations';
import { seedEnv as env } from './seed.env';
import { parseOrUsage, runCli } from './cli-main';
import { buildDemoApps } from './demo-apps';
import { CommandError, UsageError } from '../ops/cli-errors';
import { describeDemo, seedDemo } from '../ops/demo/seed-demo';
import { startDemoChain, type DemoChain } from '../ops/demo/demo-chain';

const USAGE = `Usage:
  npm run seed -- demo   a second brand (sunrise.localhost) with its accounts and overrides, a brand admin,
                         customers on both brands with saved wallets and bank accounts, and orders in
                         every state, made through the API; prints the logins. Where anvil is installed
                         (a devDependency), a few orders also carry readings of real USDT transfers on a
                         local chain it runs for the time it seeds. Running it again adds nothing. Uses the
                         configured database (the embedded one by default); refused with NODE_ENV=production.`;

await runCli(USAGE, async () => {
  const { positionals, values } = parseOrUsage(() => parseArgs({ allowPositionals: true, options: { help: { type: 'boolean', short: 'h', default: false } } }));
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  if (positionals.length !== 1 || positionals[0] !== 'demo')
    throw new UsageError(positionals.length === 0 ? 'Name what to seed: demo' : `Unknown seed "${positionals.join(' ')}"`);
  // Public passwords and invented orders have no place beside real money.
  if (env.NODE_ENV === 'production') throw new CommandError('NODE_ENV=production: demo data (with public passwords) is for development and screenshots only');

  const write = (line: string) => process.stdout.write(`${line}\n`);
  setLogLevel(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL);
  const infra = await openInfrastructure(env, 'usdt-desk-seed', allMigrations);
  const chain = await demoChain(write);
  try {
    const apps = await buildDemoApps(infra, env, chain);
    try {
      const result = await seedDemo(apps, write);
      for (const line of describeDemo(result, env.PORT)) write(line);
    } finally {
      await apps.close();
    }
  } finally {
    await chain?.stop();
    await infra.close();
  }
});

/** anvil for the chain demo orders, where it is installed; one that fails to start is said, and the rest is seeded. */
async function demoChain(write: (line: string) => void): Promise<DemoChain | null> {
  try {
    return await startDemoChain();
  } catch (error) {
    write(`[seed] anvil did not start (${(error as Error).message.split('\n')[0]}): the chain demo orders are skipped`);
    return null;
  }
}
