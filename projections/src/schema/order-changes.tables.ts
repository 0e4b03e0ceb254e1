import type { Generated } from 'kysely';

/** Kysely types of the orders projection's change feed (migration in read-models/orders/migrations). */
export interface OrderChangesTable {
  /** Drawn in commit order: one projection instance writes it (the projection's advisory lock). */
  seq: Generated<string>;
  order_id: string;
  tenant_id: string;
  user_id: string;
  status: string;
  ref_code: string;
  /** The batch placed the order (it was not in rm_orders before). */
  is_new: boolean;
  changed_at: Generated<Date>;
}
