import { execFileSync, spawnSync } from 'node:child_process';
import { userInfo } from 'node:os';
import { StartupRefusal } from '../../process/startup-refusal';

/**
 * The account PostgreSQL runs as. PostgreSQL refuses to run as root, so a root process runs it
 * as the `postgres` system account (created when missing, as Debian's own package would);
 * anyone else runs it as themselves (`null`: no switch of user).
 */
export interface ServerAccount {
  uid: number;
  gid: number;
  name: string;
}

const ACCOUNT = 'postgres';

export function serverAccount(): ServerAccount | null {
  if (userInfo().uid !== 0) return null;
  return lookUp() ?? create();
}

/** Whether the account can enter `dir` (every directory above it included): `test -x` run as that account. */
export function canEnter(account: ServerAccount | null, dir: string): boolean {
  if (account === null) return true;
  return spawnSync('test', ['-x', dir], { uid: account.uid, gid: account.gid }).status === 0;
}

function lookUp(): ServerAccount | null {
  try {
    const uid = Number(execFileSync('id', ['-u', ACCOUNT], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const gid = Number(execFileSync('id', ['-g', ACCOUNT], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid, gid, name: ACCOUNT };
  } catch {
    return null;
  }
}

function create(): ServerAccount {
  try {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', ACCOUNT], { stdio: 'pipe' });
  } catch (error) {
    const detail = error instanceof Error && 'stderr' in error ? String((error as { stderr: unknown }).stderr).trim() : String(error);
    throw new StartupRefusal(`PostgreSQL cannot run as root and there is no '${ACCOUNT}' account to run it as; creating one failed: ${detail}`);
  }
  const account = lookUp();
  if (account === null) throw new Error(`created the '${ACCOUNT}' account but cannot look it up`);
  return account;
}
