import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';

/** Where a read model holds an order's ref code and phone: its own columns, or its stored view's fields. */
export interface OrderSearchColumns {
  readonly refCode: Expression<string>;
  readonly userPhone: Expression<string>;
}

/**
 * Compliance's search of orders (the current list and the book as of an instant): a ref code's start,
 * a phone in any of its spellings (`phones`; the term itself when there are none), or a payment's bank
 * UTR, bank reference or crypto reference, each exactly.
 */
export function orderSearchMatches(term: string, phones: readonly string[] | undefined, columns: OrderSearchColumns) {
  return <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> =>
    eb.or([
      eb(columns.refCode, 'like', `${term.toUpperCase().replace(/[%_\\]/g, '')}%`),
      eb(columns.userPhone, 'in', phones?.length ? phones : [term]),
      eb(sql`upper(view->>'bankUtr')`, '=', term.toUpperCase()),
      eb(sql`upper(view->>'bankReference')`, '=', term.toUpperCase()),
      eb(sql`lower(view->>'cryptoReference')`, '=', term.toLowerCase()),
    ]);
}
