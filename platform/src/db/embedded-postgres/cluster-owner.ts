import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { logger } from '../../logging/logger';

/**
 * Which process of ours owns the embedded cluster's server: the one that started it, or the one that
 * adopted it after its starter died (SIGKILL leaves the detached server running). The owner stops the
 * server on a clean exit; every other process only attaches. Kept in `<DATA_DIR>/postgres-owner` as
 * the owner's pid and start time (so a reused pid is not taken for the owner) and the server's pid.
 */
interface OwnerRecord {
  pid: number;
  startedAt: string | null;
  serverPid: number;
}

const ownerFile = (dataDir: string) => path.join(path.resolve(dataDir), 'postgres-owner');

/** This process owns the server `serverPid` from now on. */
export function recordOwner(dataDir: string, serverPid: number): void {
  const record: OwnerRecord = { pid: process.pid, startedAt: processStartTime(process.pid), serverPid };
  writeFileSync(ownerFile(dataDir), `${JSON.stringify(record)}\n`, { mode: 0o600 });
}

/** Forgets this process's ownership (its server stopped); another's record is left alone. */
export function forgetOwner(dataDir: string): void {
  const record = readOwner(dataDir);
  if (record?.pid === process.pid) rmSync(ownerFile(dataDir), { force: true });
}

/**
 * Whether the running server `serverPid` of `clusterDir` was left by a process of ours that is gone
 * (and so is this process's to adopt): it is really PostgreSQL on that cluster (its command line says
 * so), and the process recorded as its owner is no longer running. Without /proc (not Linux) nothing
 * can be proved, and nothing is adopted.
 */
export function isOrphaned(dataDir: string, clusterDir: string, serverPid: number): boolean {
  if (!isServerOf(clusterDir, serverPid)) return false;
  const record = readOwner(dataDir);
  if (record !== null && record.serverPid === serverPid) return !isRunning(record.pid, record.startedAt);
  // No record for this server (one started before owners were recorded): its starter is gone when
  // the server has been handed to init or a subreaper, i.e. its parent is no longer a process of ours.
  const parent = parentPid(serverPid);
  return parent !== null && (parent === 1 || !isServerParent(parent));
}

/** The server process `pid` runs PostgreSQL on `clusterDir` (a pid file can outlive its server, and a pid be reused). */
export function isServerOf(clusterDir: string, pid: number): boolean {
  const args = commandLine(pid);
  if (args === null) return false;
  const at = args.indexOf('-D');
  return at >= 0 && path.resolve(args[at + 1] ?? '') === path.resolve(clusterDir) && path.basename(args[0] ?? '').startsWith('postgres');
}

function isServerParent(pid: number): boolean {
  const args = commandLine(pid);
  return args !== null && args.some((arg) => /\bnode\b|tsx/.test(path.basename(arg)));
}

function readOwner(dataDir: string): OwnerRecord | null {
  try {
    const record = JSON.parse(readFileSync(ownerFile(dataDir), 'utf8')) as OwnerRecord;
    return Number.isInteger(record.pid) && Number.isInteger(record.serverPid) ? record : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number, startedAt: string | null): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = processStartTime(pid);
  return startedAt === null || now === null || now === startedAt;
}

/** /proc/<pid>/stat's fields after the command's name (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** When the process started, in clock ticks since boot: with the pid, it names one process for good. */
function processStartTime(pid: number): string | null {
  return statFields(pid)?.[19] ?? null;
}

function parentPid(pid: number): number | null {
  const parent = Number(statFields(pid)?.[1]);
  return Number.isInteger(parent) ? parent : null;
}

function commandLine(pid: number): string[] | null {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return args.length > 0 ? args : null;
  } catch {
    return null;
  }
}

const STOP_TIMEOUT_MS = 30_000;

/**
 * Stops an adopted server (not our child: it is signalled by pid): a fast shutdown (SIGINT), then
 * SIGQUIT if it has not ended in 30 s. Checked to be that server still before each signal.
 */
export async function stopAdopted(clusterDir: string, pid: number): Promise<void> {
  if (!isServerOf(clusterDir, pid)) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isServerOf(clusterDir, pid)) {
    if (Date.now() > deadline) {
      logger.warn('embedded PostgreSQL did not stop in time; quitting it', { pid });
      process.kill(pid, 'SIGQUIT');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
