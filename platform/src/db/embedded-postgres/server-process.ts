import { spawn, type ChildProcess } from 'node:child_process';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { logger } from '../../logging/logger';
import type { Binaries } from './binaries';
import { OutputTail } from './output-tail';
import { liveServer } from './postmaster-pid';
import type { ServerAccount } from './server-account';
import { StartupRefusal } from '../../process/startup-refusal';

export const SUPERUSER = 'postgres';
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;

/** Creates a cluster in `dir` (empty, owned by the account) with a password-protected superuser. */
export async function initialiseCluster(binaries: Binaries, account: ServerAccount | null, dir: string, password: string): Promise<void> {
  // initdb reads the password from a file: a private one, readable by the account that runs it.
  const secretDir = await mkdtemp(path.join(tmpdir(), 'usdt-desk-initdb-'));
  const passwordFile = path.join(secretDir, 'password');
  try {
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    if (account !== null) {
      await chown(secretDir, account.uid, account.gid);
      await chown(passwordFile, account.uid, account.gid);
    }
    const args = [`--pgdata=${dir}`, `--username=${SUPERUSER}`, `--pwfile=${passwordFile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--no-locale'];
    const child = spawn(binaries.initdb, args, processOptions(account, dir));
    const tail = collectOutput(child, 'initdb');
    const exit = await exited(child);
    if (exit.code !== 0) throw new StartupRefusal(`initdb failed: ${failure(exit, tail)}`);
  } finally {
    await rm(secretDir, { recursive: true, force: true });
  }
}

export interface RunningServer {
  /** The server's (postmaster's) process id. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Runs the server on loopback, in its own process group: Ctrl-C in a terminal reaches our process
 * alone, which stops the HTTP server and the projectors first and the database last. Resolves once
 * postmaster.pid says ready; if the server exits first, rejects with the server's own last lines.
 */
export async function runServer(
  binaries: Binaries,
  account: ServerAccount | null,
  dir: string,
  port: number,
  settings: Record<string, string>,
): Promise<RunningServer> {
  const flags = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  const child = spawn(binaries.postgres, ['-D', dir, '-p', String(port), ...flags], { ...processOptions(account, dir), detached: true });
  const tail = collectOutput(child, 'postgres');
  const exit = exited(child);
  let stopping = false;
  // An exit of ours (process.exit included) stops the server too: a detached child would outlive it.
  const stopOnExit = () => child.exitCode === null && child.kill('SIGINT');
  process.on('exit', stopOnExit);

  const ready = await Promise.race([untilReady(child, dir), exit.then(() => false)]);
  if (!ready) {
    process.removeListener('exit', stopOnExit);
    if (child.exitCode === null) child.kill('SIGQUIT');
    const early = await Promise.race([exit, new Promise<Exit>((resolve) => setTimeout(() => resolve({ code: null, signal: 'SIGQUIT' }), 5_000))]);
    throw new StartupRefusal(`embedded PostgreSQL did not start: ${failure(early, tail)}`);
  }
  void exit.then((end) => {
    process.removeListener('exit', stopOnExit);
    if (!stopping) logger.error('embedded PostgreSQL stopped unexpectedly', { code: end.code, signal: end.signal, output: tail.text() });
  });

  return {
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      child.kill('SIGINT'); // fast shutdown: open transactions roll back, then a clean checkpoint
      const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_TIMEOUT_MS);
      await exit;
      clearTimeout(timer);
    },
  };
}

function processOptions(account: ServerAccount | null, dir: string) {
  return {
    // The account may not be able to enter our working directory (a project under /root).
    cwd: dir,
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'],
    ...(account === null ? {} : { uid: account.uid, gid: account.gid }),
  };
}

/** Every line goes to the debug log; the last ones are kept for the error that explains a failure. */
function collectOutput(child: ChildProcess, source: string): OutputTail {
  const tail = new OutputTail();
  const take = (chunk: Buffer) => {
    for (const line of tail.push(chunk.toString('utf8'))) logger.debug(source, { line });
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return tail;
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Why the program could not be run at all (EACCES, ENOENT). */
  error?: Error;
}

function exited(child: ChildProcess): Promise<Exit> {
  return new Promise((resolve) => {
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
}

function failure(exit: Exit, tail: OutputTail): string {
  const how = exit.error ? exit.error.message : exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
  return `${how}\n${tail.text() || '(no output)'}`;
}

async function untilReady(child: ChildProcess, dir: string): Promise<boolean> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    const server = liveServer(dir);
    if (server !== null && server.pid === child.pid && server.status === 'ready') return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
