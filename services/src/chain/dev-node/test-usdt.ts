/**
 * TestUsdt (TestUsdt.sol): a minimal USDT-like ERC-20 for a local node, built by build-test-usdt.mjs
 * into TestUsdt.json (abi and bytecode), committed so nothing compiles Solidity at run time; a test
 * (tests/chain/test-usdt-artifact.int.test.ts) fails when the artifact drifts from its source.
 * Anyone may mint; `transfer` reverts beyond the balance; `transferMany` is a batch payout.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Abi, Hex } from 'viem';

export interface ContractArtifact {
  abi: Abi;
  bytecode: Hex;
}

/** The path of the committed artifact (the build script writes it, its drift test checks it). */
export const TEST_USDT_ARTIFACT = path.join(import.meta.dirname, 'TestUsdt.json');

let loaded: ContractArtifact | null = null;

/** The artifact, read once. Constructor: (name, symbol, decimals). */
export function testUsdt(): ContractArtifact {
  loaded ??= JSON.parse(readFileSync(TEST_USDT_ARTIFACT, 'utf8')) as ContractArtifact;
  return loaded;
}
