import { describe, it } from 'vitest';
import { specFor } from '../testing/given-when-then';
import { at, chainChecked, desk, placed, proof, verified } from './order.fixtures';
import { decideOrder, orderEvolver, type OrderCommand } from './order.decide';
import type { OrderEvent } from './order.events';
import type { ChainCheck } from '../chain/chain-check';
import type { PayoutChainCheck } from './payout-chain-gate';

const spec = specFor<ReturnType<typeof orderEvolver.initial>, OrderEvent, OrderCommand>({ ...orderEvolver, decide: decideOrder });

const HASH = `0x${'cd'.repeat(32)}`;
const payout = (check: ChainCheck): PayoutChainCheck => ({ network: 'TRC20', txHash: HASH, paidBy: 'desk', check });
const send = (check: ChainCheck | null, policy: 'refuse' | 'flag' = 'refuse'): OrderCommand => ({
  type: 'MarkCryptoSent',
  cryptoReference: HASH,
  chain: check && payout(check),
  desk: desk({ chainPayoutMismatch: policy }),
  by: 'admin-a',
  byPhone: '+919000000001',
  accountMadeBy: null,
  at: at(50),
});
const sent: OrderEvent = { type: 'CryptoSent', data: { cryptoReference: HASH, sentAt: at(50) } };
const checked = (check: ChainCheck): OrderEvent => ({ type: 'ChainTransferChecked', data: { ...payout(check), checkedAt: at(50) } });
const paidBuy = [placed(), proof(), verified()];
const WRONG_ADDRESS: ChainCheck = { state: 'wrong_address', expectedTo: 'TCustomer', transfers: [{ to: 'TSomeoneElse', amount: '100.00' }] };

describe("a buy's payout read on the chain before it is recorded", () => {
  it('records the payout with what the chain showed when it is the right transfer, confirmed or not yet', () => {
    const confirmed: ChainCheck = { state: 'confirmed', amount: '100.00', confirmations: 19, required: 19, blockNumber: 10, minedAt: at(49) };
    spec(paidBuy)
      .when(send(confirmed))
      .thenRecords([sent, checked(confirmed)]);
    const confirming: ChainCheck = { ...confirmed, state: 'confirming', confirmations: 2 };
    spec(paidBuy)
      .when(send(confirming))
      .thenRecords([sent, checked(confirming)]);
  });

  it('never blocks on what the chain cannot tell yet: pending, not found, no node, a node down', () => {
    for (const check of [
      { state: 'pending' },
      { state: 'not_found' },
      { state: 'not_configured' },
      { state: 'unavailable', reason: 'timeout' },
    ] as ChainCheck[]) {
      spec(paidBuy)
        .when(send(check))
        .thenRecords([sent, checked(check)]);
    }
    spec(paidBuy).when(send(null)).thenRecords([sent]);
  });

  it('refuses a payout the chain shows is not this order’s, unless the brand records such payouts flagged', () => {
    spec(paidBuy).when(send(WRONG_ADDRESS)).thenRefuses({ code: 'payout_mismatch' });
    spec(paidBuy)
      .when(send({ state: 'reverted', blockNumber: 9 }))
      .thenRefuses({ code: 'payout_mismatch' });
    spec(paidBuy)
      .when(send(WRONG_ADDRESS, 'flag'))
      .thenRecords([
        sent,
        checked(WRONG_ADDRESS),
        {
          type: 'OrderFlagged',
          data: { kind: 'payout_mismatch', evidence: `tx:${HASH}:wrong_address`, relatedOrderId: null, relatedRefCode: null, flaggedAt: at(50) },
        },
      ]);
  });

  it('records a later reading only when it says something new', () => {
    const reading = chainChecked();
    const same = { type: 'RecordChainCheck', chain: { ...(reading.data as PayoutChainCheck) }, at: at(60) } as OrderCommand;
    const { checkedAt: _, ...data } = reading.data as PayoutChainCheck & { checkedAt: string };
    spec([placed(), proof(), reading])
      .when({ type: 'RecordChainCheck', chain: data, at: at(60) })
      .thenRecords([]);
    spec([placed(), proof()])
      .when(same)
      .thenRecords([{ type: 'ChainTransferChecked', data: { ...data, checkedAt: at(60) } }]);
  });
});
