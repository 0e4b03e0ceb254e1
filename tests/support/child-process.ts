import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { testEnv } from './test.env';

const root = path.resolve(import.meta.dirname, '../..');

export interface RunningChild {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** Starts one of the project's TypeScript entry points as a real process, the way npm scripts do. */
export function startEntryPoint(entry: string, args: string[], env: Record<string, string>, nodeArgs: string[] = []): RunningChild {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, entry), ...args], {
    cwd: root,
    env: { PATH: testEnv.PATH, HOME: testEnv.HOME, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}
