/**
 * A local EVM node for development: anvil, from the npm package @foundry-rs/anvil (a devDependency;
 * its binary ships in the platform's package, @foundry-rs/anvil-linux-amd64 here, so nothing is
 * downloaded). The demo seed runs one while it seeds (ops/demo/demo-chain.ts), the chain tests one
 * per test file (tests/support/anvil.ts). Both start it here, so there is one way to find, start and
 * stop it.
 *
 * On a loopback port the kernel picks at bind (`--port 0`; anvil prints it), so no port is guessed
 * and none can be taken between a pick and the bind. A fixed mnemonic and chain id: the accounts
 * and the first contract's address are the same in every run. No orphans: the node is stopped by
 * `stop()`, on our process's exit, and on Linux also when our process dies without an exit
 * (setpriv's parent-death signal).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { OutputTail } from '@desk/platform/db/embedded-postgres/output-tail';

/** anvil's (and Hardhat's) well-known test mnemonic: its accounts are public, funded only on such a node. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
export const ANVIL_CHAIN_ID = 31337;
const SETPRIV = '/usr/bin/setpriv';
const START_TIMEOUT_MS = 20_000;
const STOP_GRACE_MS = 5_000;

export interface AnvilNode {
  url: string;
  /** One JSON-RPC call: the cheat codes (anvil_mine, anvil_impersonateAccount, …) and plain reads. */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Stops the node; resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * The anvil binary of this machine's platform package, or null where there is none: a production
 * install (no devDependencies), or a platform anvil ships no binary for.
 */
export function anvilBinary(platform: string = process.platform, arch: string = process.arch): string | null {
  const cpu = ({ x64: 'amd64', arm64: 'arm64' } as Record<string, string>)[arch];
  if (!cpu) return null;
  try {
    const manifest = createRequire(import.meta.url).resolve(`@foundry-rs/anvil-${platform}-${cpu}/package.json`);
    const binary = path.join(path.dirname(manifest), 'bin', platform === 'win32' ? 'anvil.exe' : 'anvil');
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

/** What anvil prints once it listens: `Listening on 127.0.0.1:41131`. */
const LISTENING = /^Listening on ([\d.]+):(\d+)$/;

export async function startAnvil(binary: string, options: { accounts?: number } = {}): Promise<AnvilNode> {
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    '0',
    '--chain-id',
    String(ANVIL_CHAIN_ID),
    '--mnemonic',
    ANVIL_MNEMONIC,
    '--accounts',
    String(options.accounts ?? 4),
  ];
  const [command, commandArgs] =
    process.platform === 'linux' && existsSync(SETPRIV) ? [SETPRIV, ['--pdeathsig', 'KILL', '--', binary, ...args]] : [binary, args];
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  const tail = new OutputTail();
  let announce: (url: string) => void = () => undefined;
  const listening = new Promise<string>((resolve) => (announce = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    for (const line of tail.push(chunk.toString('utf8'))) {
      const match = LISTENING.exec(line);
      if (match) announce(`http://${match[1]}:${match[2]}`);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => tail.push(chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stopOnExit = () => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL');
  process.on('exit', stopOnExit);

  const stop = async () => {
    process.removeListener('exit', stopOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };

  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error) => reject(new Error(`anvil could not start (${error.message})`)));
    void exited.then(() => reject(new Error(`anvil exited before it listened:\n${tail.text()}`)));
  });
  // Once anvil listens, its exit at stop() must not surface as an unhandled rejection.
  failed.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`anvil did not listen within ${START_TIMEOUT_MS / 1000} s:\n${tail.text()}`)), START_TIMEOUT_MS);
  });
  let url: string;
  try {
    url = await Promise.race([listening, failed, timeout]);
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }

  let nextId = 1;
  const rpc = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(`anvil ${method}: ${body.error.message}`);
    return body.result as T;
  };
  return { url, rpc, stop };
}
