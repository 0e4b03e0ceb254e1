/**
 * Reading an order's transaction on the chain (issue 28, docs/chain-verification.md): a sell's
 * payment (the customer's transaction) and a buy's payout (the desk's, before it is recorded and
 * again while it confirms). A network with no node configured is not read, and nothing is recorded
 * for it: the order page says the network is not checked.
 */
import type { OrderView } from '@desk/machines/order/order-state';
import type { OrderEvent } from '@desk/machines/order/order.events';
import { expectedTransfer, type ChainCheckOverrides } from '@desk/machines/order/expected-transfer';
import type { PayoutChainCheck } from '@desk/machines/order/payout-chain-gate';
import type { ChainNetworks } from '../chain/chain-networks';
import type { ChainReader } from '../chain/chain-reader';

export class OrderChainChecks {
  constructor(
    private readonly networks: ChainNetworks,
    private readonly reader: ChainReader,
  ) {}

  /** Whether this network's transfers are read at all. */
  checks(network: OrderView['network']): boolean {
    return this.networks[network].endpoint !== null;
  }

  /** The order's own transaction (or the one `overrides` names) as the chain shows it; null when there is none to read or no node. */
  async read(order: OrderView, overrides: ChainCheckOverrides = {}): Promise<PayoutChainCheck | null> {
    if (!this.checks(order.network)) return null;
    const expected = expectedTransfer(order, overrides);
    if (!expected.ok) {
      if (expected.missing !== 'not_a_transaction_hash') return null;
      const txHash = (overrides.txHash ?? order.cryptoReference ?? '').trim();
      return {
        network: order.network,
        txHash,
        paidBy: order.orderType === 'fiat_to_crypto' ? 'desk' : 'customer',
        check: { state: 'invalid_input', problem: 'not_a_transaction_hash' },
      };
    }
    const { network, txHash, paidBy, expectation } = expected.transfer;
    return { network, txHash, paidBy, check: await this.reader.readTransfer(network, txHash, expectation) };
  }

  /**
   * The payout a buy's command is about to record (CryptoSent, or a completion naming a
   * transaction), read with the USDT it settles at; null for anything else.
   */
  async payout(order: OrderView, decided: readonly OrderEvent[]): Promise<PayoutChainCheck | null> {
    if (order.orderType !== 'fiat_to_crypto') return null;
    for (const event of decided) {
      if (event.type === 'CryptoSent') return this.read(order, { txHash: event.data.cryptoReference });
      if (event.type === 'OrderCompleted' && event.data.cryptoReference) {
        return this.read(order, { txHash: event.data.cryptoReference, cryptoAmount: event.data.repriced?.cryptoAmount ?? order.cryptoAmount });
      }
    }
    return null;
  }
}
