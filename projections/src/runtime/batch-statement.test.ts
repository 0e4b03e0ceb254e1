import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { inTableOrder } from './batch-statement';
import type { BatchWrite } from './projection';

const write = (name: string, table: BatchWrite['table']): BatchWrite => ({ name, table, sql: sql`delete from ${sql.table(table)}` });

describe("a batch's writes in its statement", () => {
  it("go in the order of the projection's tables, the order a rebuild locks them in, each table's writes in their own order", () => {
    const writes = [
      write('usage', 'rm_customer_usage_days'),
      write('added', 'rm_order_changes'),
      write('orders', 'rm_orders'),
      write('trimmed', 'rm_order_changes'),
    ];
    const tables = ['rm_orders', 'rm_order_counts', 'rm_order_changes', 'rm_customer_usage_days'];
    expect(inTableOrder(writes, tables).map((w) => w.name)).toEqual(['orders', 'added', 'trimmed', 'usage']);
  });

  it("refuses a write to a table that is not the projection's own", () => {
    expect(() => inTableOrder([write('orders', 'rm_orders')], ['rm_order_history'])).toThrow(
      'A projection\'s write "orders" changes rm_orders, which is not one of its tables',
    );
  });
});
