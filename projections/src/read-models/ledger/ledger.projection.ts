import { sql } from 'kysely';
import type { RecordedEvent } from '@desk/platform/eventstore/event-store';
import type { StatementImported } from '@desk/machines/reconciliation/bank-statement.events';
import type { ChainTransferChecked } from '@desk/machines/order/order.events';
import { transferKey } from '@desk/machines/ledger/chain-postings';
import { BANK_ACCOUNT_STREAM, ORDER_STREAM, isLedgerEvent, ledgerStep, rateMarkOf, type LedgerMemory } from '@desk/machines/ledger/ledger-fold';
import type { Posting } from '@desk/machines/ledger/posting';
import { NO_WRITES, type BatchWrite, type Projection } from '../../runtime/projection';
import { ledgerEvent, loadLedgerMemory } from './ledger-memory';

interface EntryRow {
  event: RecordedEvent;
  lineNo: number;
  posting: Posting;
  line: Posting['lines'][number];
}

/**
 * The desk's books (issue 28, docs/ledger.md): the postings each event makes (machines/src/ledger,
 * the same fold its tests run), one row per posting line, and each brand's totals per account and
 * day. A batch reads what the books remember of the orders, transfers and lines it continues
 * (ledger-memory.ts), folds its events in order, and writes the new lines, the day totals of exactly
 * the lines it inserted (so a line already there adds nothing), and what the fold learned. An event
 * the books cannot post (a completion of an order they never saw placed) throws, and the runtime
 * quarantines that event alone.
 */
export const ledgerProjection: Projection = {
  name: 'ledger',
  tables: ['rm_ledger_entries', 'rm_ledger_days', 'rm_ledger_orders', 'rm_ledger_transfers', 'rm_ledger_rates', 'rm_ledger_statements'],
  handles: isLedgerEvent,
  async writes(read, batch) {
    const events = batch.filter(isLedgerEvent);
    if (events.length === 0) return NO_WRITES;
    const memory = await loadLedgerMemory(read, events);
    const entries: EntryRow[] = [];
    for (const event of events) {
      let lineNo = 0;
      for (const posting of ledgerStep(memory, ledgerEvent(event))) for (const line of posting.lines) entries.push({ event, lineNo: lineNo++, posting, line });
    }
    const writes = [
      ...entryWrites(entries),
      ...orderWrites(events, memory),
      ...transferWrites(events, memory),
      ...rateWrites(events),
      ...statementWrites(events),
    ];
    return writes.length === 0 ? NO_WRITES : { writes };
  },
};

function entryWrites(entries: readonly EntryRow[]): BatchWrite[] {
  if (entries.length === 0) return [];
  const col = <T>(pick: (row: EntryRow) => T) => entries.map(pick);
  const amount = (row: EntryRow, side: 'debit' | 'credit') => (row.line.side === side ? row.line.amount : '0');
  const insert = sql`
    insert into rm_ledger_entries (event_id, line_no, tenant_id, day, kind, account, currency, debit, credit, order_id, bank_account_id, line_key,
      tx_hash, stream_id, recorded_at)
    select event_id, line_no, tenant_id, day, kind, account, currency, debit, credit, order_id, bank_account_id, line_key, tx_hash, stream_id, recorded_at
    from unnest(
      ${col((r) => r.event.eventId)}::uuid[], ${col((r) => r.lineNo)}::integer[], ${col((r) => r.posting.tenantId)}::text[],
      ${col((r) => r.posting.day)}::date[], ${col((r) => r.posting.kind)}::text[], ${col((r) => r.line.account)}::text[],
      ${col((r) => r.line.currency)}::text[], ${col((r) => amount(r, 'debit'))}::numeric[], ${col((r) => amount(r, 'credit'))}::numeric[],
      ${col((r) => r.posting.orderId)}::uuid[], ${col((r) => r.posting.bankAccountId)}::uuid[], ${col((r) => r.posting.lineKey)}::text[],
      ${col((r) => r.posting.txHash)}::text[], ${col((r) => r.event.streamId)}::text[], ${col((r) => r.event.recordedAt)}::timestamptz[]
    ) with ordinality as e(event_id, line_no, tenant_id, day, kind, account, currency, debit, credit, order_id, bank_account_id, line_key,
      tx_hash, stream_id, recorded_at, n)
    order by n
    on conflict (event_id, line_no) do nothing
    returning tenant_id, account, currency, day, debit, credit`;
  // Only the lines this statement inserted count into the day's totals.
  const days = sql`
    insert into rm_ledger_days (tenant_id, account, currency, day, debit, credit, entries)
    select tenant_id, account, currency, day, sum(debit), sum(credit), count(*) from ledger_entries group by tenant_id, account, currency, day
    on conflict (tenant_id, account, currency, day) do update
      set debit = rm_ledger_days.debit + excluded.debit, credit = rm_ledger_days.credit + excluded.credit, entries = rm_ledger_days.entries + excluded.entries`;
  return [
    { name: 'ledger_entries', table: 'rm_ledger_entries', sql: insert },
    { name: 'ledger_days', table: 'rm_ledger_days', sql: days },
  ];
}

function orderWrites(events: readonly RecordedEvent[], memory: LedgerMemory): BatchWrite[] {
  const placed = events
    .filter((e) => e.type === 'OrderPlaced' && e.streamId.startsWith(ORDER_STREAM))
    .map((e) => memory.orders.get(e.streamId.slice(ORDER_STREAM.length)))
    .filter((order) => order !== undefined);
  if (placed.length === 0) return [];
  const col = <T>(pick: (row: (typeof placed)[number]) => T) => placed.map(pick);
  const insert = sql`
    insert into rm_ledger_orders (order_id, tenant_id, order_type, method, network, rate, base_rate, fiat_amount, crypto_amount, fee_amount)
    select * from unnest(${col((o) => o.orderId)}::uuid[], ${col((o) => o.tenantId)}::text[], ${col((o) => o.orderType)}::text[],
      ${col((o) => o.method)}::text[], ${col((o) => o.network)}::text[], ${col((o) => o.rate)}::text[], ${col((o) => o.baseRate)}::text[],
      ${col((o) => o.fiatAmount)}::text[], ${col((o) => o.cryptoAmount)}::text[], ${col((o) => o.feeAmount)}::text[])
    on conflict (order_id) do nothing`;
  return [{ name: 'ledger_orders', table: 'rm_ledger_orders', sql: insert }];
}

/** The transfers the batch read: each as the fold left it, booked (upserted) or undone (deleted). */
function transferWrites(events: readonly RecordedEvent[], memory: LedgerMemory): BatchWrite[] {
  const keys = new Set(
    events
      .filter((e) => e.type === 'ChainTransferChecked' && e.streamId.startsWith(ORDER_STREAM))
      .map((e) => transferKey((e.data as ChainTransferChecked['data']).network, (e.data as ChainTransferChecked['data']).txHash)),
  );
  const booked = [...keys].flatMap((key) => {
    const transfer = memory.transfers.get(key);
    return transfer ? [{ key, ...transfer }] : [];
  });
  const undone = [...keys].filter((key) => !memory.transfers.has(key));
  const writes: BatchWrite[] = [];
  if (booked.length > 0) {
    const col = <T>(pick: (row: (typeof booked)[number]) => T) => booked.map(pick);
    writes.push({
      name: 'ledger_transfers',
      table: 'rm_ledger_transfers',
      sql: sql`
        insert into rm_ledger_transfers (key, order_id, tenant_id, network, tx_hash, paid_by, amount, day)
        select * from unnest(${col((t) => t.key)}::text[], ${col((t) => t.orderId)}::uuid[], ${col((t) => t.tenantId)}::text[],
          ${col((t) => t.network)}::text[], ${col((t) => t.txHash)}::text[], ${col((t) => t.paidBy)}::text[], ${col((t) => t.amount)}::text[],
          ${col((t) => t.day)}::date[])
        on conflict (key) do update set order_id = excluded.order_id, tenant_id = excluded.tenant_id, network = excluded.network,
          tx_hash = excluded.tx_hash, paid_by = excluded.paid_by, amount = excluded.amount, day = excluded.day`,
    });
  }
  if (undone.length > 0) {
    writes.push({
      name: 'ledger_transfers_undone',
      table: 'rm_ledger_transfers',
      sql: sql`delete from rm_ledger_transfers where key = any(${undone}::text[])`,
    });
  }
  return writes;
}

function rateWrites(events: readonly RecordedEvent[]): BatchWrite[] {
  const marks = events.map((e) => rateMarkOf(ledgerEvent(e))).filter((m) => m !== null);
  if (marks.length === 0) return [];
  const insert = sql`
    insert into rm_ledger_rates (scope, position, usdt_inr)
    select * from unnest(${marks.map((m) => (m.tenantId === null ? 'global' : `tenant:${m.tenantId}`))}::text[],
      ${marks.map((m) => m.mark.position)}::bigint[], ${marks.map((m) => m.mark.usdtInr)}::text[])
    on conflict (scope, position) do nothing`;
  return [{ name: 'ledger_rates', table: 'rm_ledger_rates', sql: insert }];
}

function statementWrites(events: readonly RecordedEvent[]): BatchWrite[] {
  const imports = events
    .filter((e) => e.type === 'StatementImported' && e.streamId.startsWith(BANK_ACCOUNT_STREAM))
    .map((e) => ({ event: e, accountId: e.streamId.slice(BANK_ACCOUNT_STREAM.length), data: e.data as StatementImported['data'] }));
  if (imports.length === 0) return [];
  const col = <T>(pick: (row: (typeof imports)[number]) => T) => imports.map(pick);
  const insert = sql`
    insert into rm_ledger_statements (account_id, statement_id, tenant_id, from_day, to_day, opening_on, opening_amount, closing_on, closing_amount, position)
    select * from unnest(${col((i) => i.accountId)}::uuid[], ${col((i) => i.data.statementId)}::uuid[], ${col((i) => i.event.metadata.tenantId)}::text[],
      ${col((i) => i.data.from)}::date[], ${col((i) => i.data.to)}::date[], ${col((i) => i.data.openingBalance?.on ?? null)}::date[],
      ${col((i) => i.data.openingBalance?.amount ?? null)}::numeric[], ${col((i) => i.data.closingBalance?.on ?? null)}::date[],
      ${col((i) => i.data.closingBalance?.amount ?? null)}::numeric[], ${col((i) => i.event.streamPosition.toString())}::bigint[])
    on conflict (account_id, statement_id) do nothing`;
  return [{ name: 'ledger_statements', table: 'rm_ledger_statements', sql: insert }];
}
