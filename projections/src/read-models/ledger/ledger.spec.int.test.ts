import { describe, expect } from 'vitest';
import { ACCOUNT, BRAND, BUY, DEPOSIT_TX, SELL, orderEvent, workedExample } from '@desk/machines/ledger/ledger.fixtures';
import { readModelTest as it } from '../../testing/read-model-test';
import { readModelSpec } from '../../testing/read-model-spec';
import { entryLine, foldedLines } from '../../testing/ledger-lines';
import { ledgerProjection } from './ledger.projection';
import { accountsOnDay, bookTotals, iterateLedgerEntries } from './ledger.queries';

const spec = readModelSpec(ledgerProjection);
/** The worked example of docs/ledger.md, built once: its events carry their streams' positions. */
const example = workedExample();

/** Events in, rows out: the books as the ledger fold (machines/src/ledger) posts them. */
describe('ledger read model', () => {
  it('writes the postings the fold makes, line by line, in the order they were booked', async ({ readModels }) => {
    const then = await spec(readModels)
      .given(...example.slice(0, 6))
      .when(...example.slice(6));
    const written = (await then.rows('rm_ledger_entries', 'seq')).map(entryLine);
    expect(written).toEqual(foldedLines(example));
    expect(written).toHaveLength(26);
    await then.thenRows('rm_ledger_orders', [
      { order_id: BUY, tenant_id: BRAND, order_type: 'fiat_to_crypto' },
      { order_id: SELL, order_type: 'crypto_to_fiat' },
    ]);
  });

  it("keeps each day's totals, the brand's books balance in each currency, and the export pages them by day", async ({ readModels }) => {
    await spec(readModels)
      .given(...example.slice(0, 6))
      .when(...example.slice(6));
    expect(await bookTotals(readModels, BRAND, '2026-11-30')).toEqual([
      { currency: 'INR', debits: '150334', credits: '150334' },
      { currency: 'USDT', debits: '399', credits: '399' },
    ]);
    const bank = (await accountsOnDay(readModels, BRAND, '2026-11-20')).find((a) => a.account === `bank:${ACCOUNT}`);
    // The first statement opened the books on the 19th; the 20th brought the buy's ₹8,500 in and the sell's ₹8,217 out.
    expect(bank).toEqual({ account: `bank:${ACCOUNT}`, currency: 'INR', before: '100000', opening: '0', debit: '8500', credit: '8217' });

    const all = [];
    for await (const entry of iterateLedgerEntries(readModels, BRAND, { from: '2026-11-19', to: '2026-11-20' }, 5)) all.push(entry);
    expect(all.map((e) => e.day)).toEqual([...all.map((e) => e.day)].sort());
    expect(all[0]).toMatchObject({ day: '2026-11-19', kind: 'opening_balance', account: `bank:${ACCOUNT}`, debit: '100000', credit: '0' });
    expect(all.filter((e) => e.order_id === BUY)).toHaveLength(2 + 6 + 2);
    expect(all.some((e) => e.day === '2026-11-22')).toBe(false);
  });

  it('undoes a transfer when the chain no longer shows it, and books nothing when it is read again unconfirmed', async ({ readModels }) => {
    const gone = orderEvent(SELL, {
      type: 'ChainTransferChecked',
      data: { network: 'TRC20', txHash: DEPOSIT_TX, paidBy: 'customer', check: { state: 'not_found' }, checkedAt: '2026-11-22T01:00:00.000Z' },
    });
    const then = await spec(readModels)
      .given(...example)
      .when(gone, { ...gone });
    expect((await then.rows('rm_ledger_entries', 'seq')).slice(-2).map(entryLine)).toEqual([
      `${BRAND} chain_transfer_reversed Cr wallet:TRC20 100 USDT`,
      `${BRAND} chain_transfer_reversed Dr owed_to_customers 100 USDT`,
    ]);
    // The buy's payout stays booked; the sell's deposit is gone.
    await then.thenRows('rm_ledger_transfers', [{ order_id: BUY, paid_by: 'desk' }]);
  });
});
