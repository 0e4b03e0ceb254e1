/**
 * A real EVM node for the chain tests: anvil, started by the same code the demo seed uses
 * (services/src/chain/dev-node/anvil-node.ts: the platform package's binary, a loopback port anvil
 * picks, a fixed mnemonic and chain id, stopped in teardown, on exit, and when the worker dies).
 */
import { anvilBinary, startAnvil as startAnvilNode, type AnvilNode } from '../../services/src/chain/dev-node/anvil-node';

export { ANVIL_CHAIN_ID, ANVIL_MNEMONIC } from '../../services/src/chain/dev-node/anvil-node';

export type TestAnvil = AnvilNode;

/** anvil with four funded accounts; a machine without its binary fails the test (never skips it). */
export async function startAnvil(): Promise<TestAnvil> {
  const binary = anvilBinary();
  if (!binary)
    throw new Error(`@foundry-rs/anvil has no binary installed for ${process.platform}/${process.arch} here (npm install installs the platform's package)`);
  return startAnvilNode(binary, { accounts: 4 });
}
