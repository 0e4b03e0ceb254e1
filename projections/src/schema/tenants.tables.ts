export interface TenantsTable {
  id: string;
  domain: string | null;
  deleted: boolean;
  /** The tenant's folded state (TenantState). */
  state: unknown;
  created_at: Date;
}
