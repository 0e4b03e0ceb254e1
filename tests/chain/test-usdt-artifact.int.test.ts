/**
 * TestUsdt.json is committed so the chain tests do not compile Solidity on every run; this test
 * compiles TestUsdt.sol again (solc-js, pinned) and checks the artifact is exactly its output.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const contracts = path.resolve(import.meta.dirname, '../../services/src/chain/dev-node');
const build = path.join(contracts, 'build-test-usdt.mjs');
const check = (artifact?: string) =>
  run(process.execPath, [build, '--check', ...(artifact ? [artifact] : [])]).then(
    () => 0,
    (error: { code: number; stderr: string }) => error.code,
  );

describe('the committed TestUsdt artifact', () => {
  let scratch: string | null = null;
  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('is what TestUsdt.sol compiles to', async () => {
    expect(await check()).toBe(0);
  });

  it('is caught when it drifts from the source (one byte of bytecode changed)', async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'test-usdt-'));
    const copy = path.join(scratch, 'TestUsdt.json');
    await copyFile(path.join(contracts, 'TestUsdt.json'), copy);
    expect(await check(copy)).toBe(0);
    const artifact = JSON.parse(await readFile(copy, 'utf8')) as { bytecode: string };
    artifact.bytecode = artifact.bytecode.replace(/.$/, (last) => (last === '0' ? '1' : '0'));
    await writeFile(copy, `${JSON.stringify(artifact, null, 2)}\n`);
    expect(await check(copy)).toBe(1);
  });
});
