/**
 * The app against a local chain as vitest fixtures (decision 0052), once per file over the chain
 * fixture: `usdt` (a USDT token deployed on it), `t` (the app reading `networks` from that chain, three
 * confirmations; the desk's wallet for each network its first account, confirmed by a second admin),
 * `admin`, and `paidSell`. TRC20 speaks the Ethereum calls on anvil, its addresses in Tron's form.
 */
import { expect } from 'vitest';
import type { Address } from 'viem';
import { chainTest } from './test-chain';
import { createCustomer, createTestApp, json } from './test-app';
import { confirmPending } from './desk-changes';
import { chainEnv, chainNetworks } from '../../services/src/chain/chain-networks';
import { parseEnv } from '../../platform/src/config/env-schema';
import { hexToTron } from '../../machines/src/chain/tron-address';

/** One USDT in the token's units (`usdt` has 6 decimals). */
export const USDT = 1_000_000n;

export function chainAppTestWith(networks: ('ERC20' | 'TRC20')[]) {
  const inForm = (network: 'ERC20' | 'TRC20', address: `0x${string}`) => (network === 'TRC20' ? hexToTron(address)! : address);
  return (
    chainTest
      .extend('usdt', { scope: 'file' }, ({ chain }) => chain.deployToken(6))
      .extend('t', { scope: 'file' }, async ({ chain, usdt }, { onCleanup }) => {
        const env = parseEnv(
          chainEnv,
          Object.fromEntries(
            networks.flatMap((network) => [
              [`CHAIN_${network}_RPC_URL`, chain.anvil.url],
              [`CHAIN_${network}_USDT_CONTRACT`, inForm(network, usdt)],
              [`CHAIN_${network}_CONFIRMATIONS`, '3'],
            ]),
          ),
        );
        const t = await createTestApp({ chain: chainNetworks(env) });
        onCleanup(() => t.close());
        const admin = await t.adminToken();
        const cryptoWallets = networks.map((network) => ({ network, address: inForm(network, chain.accounts[0]!), isActive: true }));
        const saved = await json(t.call('PUT', '/api/admin/tenants/default', { token: admin, body: { cryptoWallets } }));
        expect(saved.status).toBe(202);
        await confirmPending(t, saved.body.change._id);
        return t;
      })
      .extend('admin', { scope: 'file' }, ({ t }) => t.adminToken())
      // A new customer's TRC20 sell of 100 USDT for cash, paid from the chain's second account (given
      // 1,000 USDT first) to the desk's in a block of its own, its hash sent with the order: `{ id, hash }`.
      .extend('paidSell', ({ chain, t, usdt }) => async (phone: string) => {
        const [desk, customerWallet] = chain.accounts as [Address, Address];
        await chain.mint(usdt, customerWallet, 1_000n * USDT);
        const customer = await createCustomer(t, phone);
        const placed = await json(
          t.call('POST', '/api/orders/crypto-to-fiat', { token: customer, body: { cryptoAmount: 100, network: 'TRC20', method: 'cash' } }),
        );
        expect(placed.status).toBe(201);
        const id = placed.body.order._id as string;
        const hash = await chain.transfer(usdt, customerWallet, desk, 100n * USDT);
        await chain.blockOf(hash);
        expect((await t.call('POST', `/api/orders/${id}/upload`, { token: customer, body: { cryptoReference: hash } })).status).toBe(200);
        return { id, hash };
      })
  );
}
