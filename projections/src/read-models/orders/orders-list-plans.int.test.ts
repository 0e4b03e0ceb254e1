/**
 * Each filter of the admin list is served by its own index, even when the newest orders are all of
 * another kind: with PostgreSQL's default random_page_cost the planner walked the newest-first index
 * and filtered, reading every newer order of the other kind first (4 ms instead of 0.2 ms with
 * 200,000 orders in the benchmark). The pool's sessions price a page read as memory-resident.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadModelDatabase } from '../../schema/read-model-database';
import { adminOrdersPage, type AdminOrderFilters } from './orders.queries';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';

describe('admin list plans', () => {
  let database: TestDatabase;
  let db: Kysely<ReadModelDatabase>;

  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 2 });
    db = database.db as Kysely<ReadModelDatabase>;
    // 60,000 orders a minute apart: the older 40,000 of every type, status and network, the newest 20,000 all pending TRC20 buys.
    await sql`
      insert into rm_orders (id, ref_code, tenant_id, user_id, user_phone, type, method, network, status, fiat_amount, crypto_amount,
        proof_count, payment_due_at, created_at, updated_at, version, view)
      select gen_random_uuid(), 'ORD-' || n, 'brand-' || (n % 3), gen_random_uuid(), '+9190000' || lpad((n % 500)::text, 5, '0'),
        case when n > 40000 or n % 2 = 0 then 'fiat_to_crypto' else 'crypto_to_fiat' end, 'bank',
        case when n > 40000 or n % 3 = 0 then 'TRC20' else 'ERC20' end,
        case when n > 40000 then 'pending' else (array['pending', 'completed', 'rejected', 'cancelled', 'expired'])[1 + n % 5] end,
        1000, 11.3, 0, now(), now() - ((60000 - n) || ' minutes')::interval, now(), 0,
        jsonb_build_object('orderId', n::text, 'note', repeat('x', 900))
      from generate_series(1, 60000) as n`.execute(db);
    await sql`analyze rm_orders`.execute(db);
  });
  afterAll(() => database.drop());

  const indexOf = async (filters: AdminOrderFilters) => {
    const plan = JSON.stringify(await adminOrdersPage(db, null, filters, 1, 50).explain('json'));
    return plan.match(/"Index Name":"([a-z_]+)"/)?.[1];
  };

  it('reads a filtered page from the index of its filter, not the newest-first index', async () => {
    expect(await indexOf({ type: 'crypto_to_fiat' })).toBe('rm_orders_all_type_idx');
    expect(await indexOf({ status: 'completed' })).toBe('rm_orders_all_status_idx');
    expect(await indexOf({ network: 'ERC20' })).toBe('rm_orders_all_network_idx');
    expect(await indexOf({})).toBe('rm_orders_all_created_idx');
  });

  it('reads a phone filter from the phone index, with one spelling of the phone or several', async () => {
    expect(await indexOf({ phones: ['+919000000007'] })).toBe('rm_orders_all_user_phone_idx');
    expect(await indexOf({ phones: ['+919000000007', '9000000007'] })).toBe('rm_orders_all_user_phone_idx');
  });
});
