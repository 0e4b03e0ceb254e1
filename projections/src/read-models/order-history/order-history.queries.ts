import { sql, type Kysely } from 'kysely';
import type { OrderView } from '@desk/machines/order/order-state';
import { pageAndTotal } from '../paging';
import type { ReadModelDatabase } from '../../schema/read-model-database';
import { orderSearchMatches } from '../orders/order-search';

type Db = Kysely<ReadModelDatabase>;

// The history keeps each state's view alone: the search reads its fields.
const HISTORY_COLUMNS = { refCode: sql<string>`view->>'refCode'`, userPhone: sql<string>`view->>'userPhone'` };

export interface OrderBookQuery {
  asOf: Date;
  /** null: every brand. */
  tenantId: string | null;
  status?: string | undefined;
  /** A ref code, phone or payment reference, matched as compliance's current search does. */
  search?: string | undefined;
  /** The spellings of the search as a phone (services' phone-forms.ts); the search itself when absent. */
  searchPhones?: readonly string[] | undefined;
  page: number;
  limit: number;
}

/** Which orders existed at `asOf`, each in the state it held then: newest first, one page, and the total. */
export async function orderBookAsOf(db: Db, query: OrderBookQuery): Promise<{ views: OrderView[]; total: number }> {
  let rows = db
    .selectFrom('rm_order_history')
    .where('valid_from', '<=', query.asOf)
    .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>', query.asOf)]));
  if (query.tenantId !== null) rows = rows.where('tenant_id', '=', query.tenantId);
  if (query.status) rows = rows.where('status', '=', query.status);
  if (query.search) {
    const term = query.search.trim();
    rows = rows.where(orderSearchMatches(term, query.searchPhones, HISTORY_COLUMNS));
  }
  const listed = rows.select('view').orderBy('created_at', 'desc').orderBy('order_id', 'desc');
  const { rows: page, total } = await pageAndTotal(listed, rows, query);
  return { views: page.map((r) => r.view as OrderView), total };
}
