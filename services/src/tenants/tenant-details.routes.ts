import { z } from 'zod';
import { NETWORKS } from '@desk/machines/addresses/networks';
import type { AuthEnv } from '../identity/auth.middleware';
import type { UrlSigner } from '../files/url-signer';
import { answer, routes } from '../http/openapi-route';
import { routeGroup } from '../http/route-group';
import { depositWalletsJson } from './tenant-json';
import type { TenantStore } from './tenant-store';

/** One of the brand's active bank accounts, as its customers pay into it. */
export const receivingBankAccountSchema = z.object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string(), ifsc: z.string() });

/** One of the brand's active USDT wallets, as its customers send to it (`depositWalletsJson`). */
export const depositWalletJsonSchema = z.object({
  network: z.enum(NETWORKS),
  address: z.string(),
  qrCodeUrl: z.string().nullable().describe('A signed link to a QR code image of the address the desk stored; null: draw one from the address'),
});

const account = routeGroup({ tag: 'account', access: 'user' });

export const tenantDetailsDeclarations = {
  bankDetails: account.get('/tenant/bank-details', {
    summary: "Your brand's active bank accounts, to pay into",
    answers: { 200: answer('The active accounts', z.object({ bankDetails: z.array(receivingBankAccountSchema) })) },
  }),
  walletDetails: account.get('/tenant/crypto-wallet-details', {
    summary: "Your brand's active USDT wallets, to send to",
    answers: { 200: answer('The active wallets', z.object({ cryptoWalletDetails: z.array(depositWalletJsonSchema) })) },
  }),
};

/** The customer's own tenant's active receiving accounts: mounted at /api/user behind requireUser. */
export function tenantDetailsRoutes(tenants: TenantStore, signer: UrlSigner) {
  const declared = tenantDetailsDeclarations;
  return routes<AuthEnv>()
    .openapi(declared.bankDetails, async (c) => {
      const tenant = await tenants.get(c.get('user').tenant_id);
      const bankDetails = tenant.bankAccounts
        .filter((b) => b.isActive)
        .map(({ bankName, accountName, accountNumber, ifsc }) => ({ bankName, accountName, accountNumber, ifsc }));
      return c.json({ bankDetails }, 200);
    })
    .openapi(declared.walletDetails, async (c) => {
      const tenant = await tenants.get(c.get('user').tenant_id);
      return c.json({ cryptoWalletDetails: depositWalletsJson(tenant, signer) }, 200);
    });
}
