import { sql, type Kysely } from 'kysely';
import type { RecordedEvent } from '@desk/platform/eventstore/event-store';
import type { ChainTransferChecked } from '@desk/machines/order/order.events';
import type { StatementLineMarkedForRefund } from '@desk/machines/reconciliation/bank-statement.events';
import { ACCOUNTS } from '@desk/machines/ledger/ledger-accounts';
import { transferKey, type BookedTransfer } from '@desk/machines/ledger/chain-postings';
import type { LedgerOrder } from '@desk/machines/ledger/trade-postings';
import { BANK_ACCOUNT_STREAM, ORDER_STREAM, emptyLedgerMemory, lineMemoryKey, type LedgerEvent, type LedgerMemory } from '@desk/machines/ledger/ledger-fold';
import type { ReadModelDatabase } from '../../schema/read-model-database';

type Db = Kysely<ReadModelDatabase>;

/** A recorded event as the books read it (ledger-fold.ts). */
export const ledgerEvent = (event: RecordedEvent): LedgerEvent => ({
  streamId: event.streamId,
  streamPosition: Number(event.streamPosition),
  type: event.type,
  data: event.data,
  tenantId: event.metadata.tenantId,
});

const orderIdOf = (event: RecordedEvent) => event.streamId.slice(ORDER_STREAM.length);
const accountIdOf = (event: RecordedEvent) => event.streamId.slice(BANK_ACCOUNT_STREAM.length);
const inBatch = (events: readonly RecordedEvent[], type: string, stream: string) => events.filter((e) => e.type === type && e.streamId.startsWith(stream));

/**
 * What the books must remember to fold this batch, read from the projection's own tables before
 * its statement (docs/projections.md): the orders it continues, the transfers it reads again, the
 * lines it marks for refund, whether its accounts' books have begun, and the settings' rates.
 * What the batch itself places, books or imports, the fold learns as it goes.
 */
export async function loadLedgerMemory(db: Db, events: readonly RecordedEvent[]): Promise<LedgerMemory> {
  const memory = emptyLedgerMemory();
  const placedHere = new Set(inBatch(events, 'OrderPlaced', ORDER_STREAM).map(orderIdOf));
  const orderIds = [...new Set(events.filter((e) => e.streamId.startsWith(ORDER_STREAM)).map(orderIdOf))].filter((id) => !placedHere.has(id));
  const transferKeys = [
    ...new Set(
      inBatch(events, 'ChainTransferChecked', ORDER_STREAM).map((e) =>
        transferKey((e.data as ChainTransferChecked['data']).network, (e.data as ChainTransferChecked['data']).txHash),
      ),
    ),
  ];
  const marks = inBatch(events, 'StatementLineMarkedForRefund', BANK_ACCOUNT_STREAM).map((e) => ({
    account: ACCOUNTS.bank(accountIdOf(e)),
    key: (e.data as StatementLineMarkedForRefund['data']).key,
  }));
  const accounts = [...new Set(inBatch(events, 'StatementImported', BANK_ACCOUNT_STREAM).map(accountIdOf))];
  const needsRates = placedHere.size > 0;

  const [orders, transfers, lines, begun, rates] = await Promise.all([
    orderIds.length === 0
      ? []
      : db
          .selectFrom('rm_ledger_orders')
          .selectAll()
          .where(sql<boolean>`order_id = any(${uuids(orderIds)}::uuid[])`)
          .execute(),
    transferKeys.length === 0
      ? []
      : db
          .selectFrom('rm_ledger_transfers')
          .select(['key', 'order_id', 'tenant_id', 'network', 'tx_hash', 'paid_by', 'amount', sql<string>`day::text`.as('day')])
          .where('key', 'in', transferKeys)
          .execute(),
    marks.length === 0
      ? []
      : db
          .selectFrom('rm_ledger_entries')
          .select(['bank_account_id', 'line_key', 'debit', 'credit', sql<string>`day::text`.as('day')])
          .where('kind', '=', 'statement_line')
          .where(sql<boolean>`(account, line_key) in (select * from unnest(${marks.map((m) => m.account)}::text[], ${marks.map((m) => m.key)}::text[]))`)
          .execute(),
    accounts.length === 0
      ? []
      : db
          .selectFrom('rm_ledger_statements')
          .select('account_id')
          .distinct()
          .where(sql<boolean>`account_id = any(${uuids(accounts)}::uuid[])`)
          .execute(),
    needsRates ? db.selectFrom('rm_ledger_rates').selectAll().execute() : [],
  ]);

  for (const row of orders) memory.orders.set(row.order_id, orderOf(row));
  for (const row of transfers) memory.transfers.set(row.key, transferOf(row));
  for (const row of lines) {
    const inflow = Number(row.debit) > 0;
    memory.lines.set(lineMemoryKey(row.bank_account_id!, row.line_key!), {
      direction: inflow ? 'credit' : 'debit',
      amount: inflow ? row.debit : row.credit,
      bookedOn: row.day,
    });
  }
  for (const row of begun) memory.begunAccounts.add(row.account_id);
  for (const row of rates) {
    const mark = { position: Number(row.position), usdtInr: row.usdt_inr };
    if (row.scope === 'global') memory.rates.global.push(mark);
    else memory.rates.brands.set(row.scope.slice('tenant:'.length), [...(memory.rates.brands.get(row.scope.slice('tenant:'.length)) ?? []), mark]);
  }
  return memory;
}

/** Ids a uuid column can hold: a stream id past its prefix that is not one cannot be stored, so it is never looked up. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuids = (ids: readonly string[]) => ids.filter((id) => UUID.test(id));

type Row<T extends keyof ReadModelDatabase> = ReadModelDatabase[T];

const orderOf = (row: Row<'rm_ledger_orders'>): LedgerOrder => ({
  orderId: row.order_id,
  tenantId: row.tenant_id,
  orderType: row.order_type as LedgerOrder['orderType'],
  method: row.method as LedgerOrder['method'],
  network: row.network as LedgerOrder['network'],
  rate: row.rate,
  baseRate: row.base_rate,
  fiatAmount: row.fiat_amount,
  cryptoAmount: row.crypto_amount,
  feeAmount: row.fee_amount,
});

const transferOf = (row: Row<'rm_ledger_transfers'>): BookedTransfer => ({
  orderId: row.order_id,
  tenantId: row.tenant_id,
  network: row.network as BookedTransfer['network'],
  txHash: row.tx_hash,
  paidBy: row.paid_by as BookedTransfer['paidBy'],
  amount: row.amount,
  day: row.day,
});
