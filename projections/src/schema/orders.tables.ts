/** Kysely types of the orders read model (migrations beside this file). */
export interface OrdersTable {
  id: string;
  ref_code: string;
  tenant_id: string;
  user_id: string;
  user_phone: string;
  type: string;
  method: string;
  network: string;
  status: string;
  fiat_amount: string;
  crypto_amount: string;
  proof_count: number;
  payment_due_at: Date;
  created_at: Date;
  updated_at: Date;
  version: string;
  /** Four eyes: the admin whose completion request waits for a second admin; null when none does. */
  completion_requested_by: string | null;
  /** When the order was paid late (after its payment window): the customer limits count it from then. Null otherwise. */
  late_paid_at: Date | null;
  /** The machine's view of the order (OrderView), what the API's order JSON is made from. */
  view: unknown;
}

export interface OrderCountsTable {
  tenant_id: string;
  status: string;
  type: string;
  network: string;
  orders: string;
  fiat_total: string;
}

/** Per customer and UTC day: INR their orders counted from that day (placed, or paid late) still hold, and INR of the claims the lists show. */
export interface CustomerUsageDaysTable {
  user_id: string;
  /** yyyy-mm-dd, UTC. */
  day: string;
  held_inr: string;
  shown_inr: string;
}
