import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { logger } from '../../logging/logger';
import { SYSTEM_DIR } from './binaries';
import { canEnter, type ServerAccount } from './server-account';
import { StartupRefusal } from '../../process/startup-refusal';

/**
 * Where the cluster lives: `<DATA_DIR>/postgres`, unless the process is root and the account
 * running PostgreSQL cannot enter DATA_DIR (a project under /root): then under SYSTEM_DIR, in a
 * directory named after DATA_DIR's path, with a note in DATA_DIR saying where (a backup of DATA_DIR
 * alone would miss it). The directory is made private to that account, as initdb requires.
 */
export async function clusterDirFor(dataDir: string, account: ServerAccount | null): Promise<string> {
  const home = path.resolve(dataDir);
  await mkdir(home, { recursive: true });
  const local = path.join(home, 'postgres');
  const dir = canEnter(account, home) ? local : relocated(home);
  if (dir !== local) {
    logger.info('the postgres account cannot enter DATA_DIR; its cluster is kept elsewhere', { dataDir: home, cluster: dir });
    await writeFile(path.join(home, 'postgres-cluster-location.txt'), `${dir}\n`);
  }
  await mkdir(path.dirname(dir), { recursive: true, mode: 0o755 }); // the account enters the directories above
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (account !== null) await chown(dir, account.uid, account.gid);
  await chmod(dir, 0o700);
  return dir;
}

function relocated(home: string): string {
  const name = createHash('sha256').update(home).digest('hex').slice(0, 16);
  return path.join(SYSTEM_DIR, 'clusters', name, 'postgres');
}

export function clusterExists(dir: string): boolean {
  return existsSync(path.join(dir, 'PG_VERSION'));
}

/** A cluster kept outside DATA_DIR whose password file is gone: said plainly, with what to do. */
export class OrphanedClusterError extends StartupRefusal {
  constructor(clusterDir: string, passwordFile: string) {
    super(
      `The embedded PostgreSQL cluster for this DATA_DIR, kept at ${clusterDir}, was made by an earlier copy of the project: ` +
        `its password file ${passwordFile} is gone. Remove ${path.dirname(clusterDir)} to start with an empty database, ` +
        "or put the earlier copy's postgres-password file back to keep its data.",
    );
    this.name = 'OrphanedClusterError';
  }
}

/** Clusters made before the password was generated per installation keep the one they were made with. */
const LEGACY_PASSWORD = 'usdt-desk-local';

/**
 * The superuser's password, generated for a new cluster and kept in DATA_DIR (mode 0600), where
 * every process of this installation reads it. The server listens on loopback only; the password
 * keeps other local users out.
 */
export async function clusterPassword(dataDir: string, clusterDir: string): Promise<string> {
  const file = path.join(path.resolve(dataDir), 'postgres-password');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  if (clusterExists(clusterDir)) {
    // Only a cluster inside DATA_DIR can predate the generated password; one kept elsewhere (root)
    // outlived the DATA_DIR that held its password: the project was deleted and cloned again there.
    if (path.dirname(path.resolve(clusterDir)) === path.resolve(dataDir)) return LEGACY_PASSWORD;
    throw new OrphanedClusterError(clusterDir, file);
  }
  const password = randomBytes(24).toString('base64url');
  try {
    await writeFile(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
    return password;
  } catch (error) {
    if (!existsSync(file)) throw error;
    return (await readFile(file, 'utf8')).trim(); // another process of ours wrote it first
  }
}
