/**
 * A real EVM node for the chain tests: anvil, from the npm package @foundry-rs/anvil (its binary
 * ships in the platform package, @foundry-rs/anvil-linux-amd64 here; nothing is downloaded). On a
 * free loopback port, with a fixed mnemonic and chain id, so accounts and addresses are the same in
 * every run. No orphans: the node is stopped in teardown, on our process's exit, and on Linux also
 * when the test worker dies without an exit (setpriv's parent-death signal).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { OutputTail } from '../../platform/src/db/embedded-postgres/output-tail';
import { freePort } from './free-port';
import { waitFor } from './wait-for';

/** anvil's (and Hardhat's) well-known test mnemonic: its accounts are public, funded only on this node. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
export const ANVIL_CHAIN_ID = 31337;
const SETPRIV = '/usr/bin/setpriv';

export interface TestAnvil {
  url: string;
  /** One JSON-RPC call: the cheat codes viem has no action for, and the checks of the tests. */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Stops the node; resolves once it has exited. */
  stop(): Promise<void>;
}

/** The anvil binary of this machine's platform package. */
export function anvilBinary(): string {
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch as string];
  const name = `@foundry-rs/anvil-${process.platform}-${arch}`;
  try {
    const manifest = createRequire(import.meta.url).resolve(`${name}/package.json`);
    return path.join(path.dirname(manifest), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  } catch {
    throw new Error(`${name} is not installed: anvil has no binary for ${process.platform}/${process.arch} here (npm install installs the platform's package)`);
  }
}

export async function startAnvil(): Promise<TestAnvil> {
  // A port picked free can be taken before anvil binds it (free-port.ts): try again on another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(await freePort());
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

async function startOnce(port: number): Promise<TestAnvil> {
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(ANVIL_CHAIN_ID), '--mnemonic', ANVIL_MNEMONIC, '--accounts', '4'];
  const [command, commandArgs] =
    process.platform === 'linux' && existsSync(SETPRIV) ? [SETPRIV, ['--pdeathsig', 'KILL', '--', anvilBinary(), ...args]] : [anvilBinary(), args];
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  const tail = new OutputTail();
  child.stdout.on('data', (chunk: Buffer) => tail.push(chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => tail.push(chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stopOnExit = () => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL');
  process.on('exit', stopOnExit);

  const url = `http://127.0.0.1:${port}`;
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
  const stop = async () => {
    process.removeListener('exit', stopOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error) => reject(new Error(`anvil could not start (${error.message})`)));
    void exited.then(() => reject(new Error(`anvil exited before answering:\n${tail.text()}`)));
  });
  // Once anvil answers, its exit at stop() must not surface as an unhandled rejection.
  failed.catch(() => undefined);
  try {
    const answering = waitFor('anvil to answer', () => rpc<string>('eth_chainId').catch(() => null), 20_000);
    await Promise.race([failed, answering]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, rpc, stop };
}
