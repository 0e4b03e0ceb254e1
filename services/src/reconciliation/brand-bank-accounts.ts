/**
 * The brands' bank accounts an admin may import statements for: every brand's for an operator
 * admin, their own brand's for a brand admin (admin-scope.ts). Read from the brands' own streams,
 * so an account added a moment ago is there; an account no longer on its brand is not found. Each
 * has its statements' id (bank-account-id.ts).
 */
import type { Kysely } from 'kysely';
import { NotFoundError } from '@desk/platform/errors/domain-error';
import { bankAccountId } from '@desk/machines/reconciliation/bank-account-id';
import type { TenantBankAccount } from '@desk/machines/tenants/tenant.events';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { listLiveTenants } from '@desk/projections/read-models/tenants/tenants.queries';
import { OPERATOR_TENANT_ID, type AdminScope } from '../identity/admin-scope';
import type { TenantStore } from '../tenants/tenant-store';

export interface BrandBankAccount extends TenantBankAccount {
  id: string;
  tenantId: string;
  brandName: string;
}

export const BANK_ACCOUNT_NOT_FOUND = 'Bank account not found';

export class BrandBankAccounts {
  constructor(
    private readonly tenants: TenantStore,
    private readonly readModels: Kysely<ReadModelDatabase>,
  ) {}

  async inScope(scope: AdminScope): Promise<BrandBankAccount[]> {
    const ids = scope.kind === 'brand' ? [scope.tenantId] : await this.brandIds();
    const brands = await Promise.all(ids.map((id) => this.tenants.load(id)));
    return brands.flatMap(({ state }) =>
      state
        ? state.bankAccounts.map((account) => ({ ...account, id: bankAccountId(state.tenantId, account), tenantId: state.tenantId, brandName: state.name }))
        : [],
    );
  }

  /** The account with this id in the admin's scope; 404 otherwise, whether it is another brand's or none. */
  async find(scope: AdminScope, id: string): Promise<BrandBankAccount> {
    const account = (await this.inScope(scope)).find((candidate) => candidate.id === id);
    if (!account) throw new NotFoundError(BANK_ACCOUNT_NOT_FOUND);
    return account;
  }

  /** Every live brand, the operator's own first (it may have no stream of its own yet). */
  private async brandIds(): Promise<string[]> {
    const live = (await listLiveTenants(this.readModels)).map((state) => state.tenantId);
    return [OPERATOR_TENANT_ID, ...live.filter((id) => id !== OPERATOR_TENANT_ID)];
  }
}
