import { DEFAULT_TENANT_ID } from '../../machines/src/tenants/tenant-id';
import type { TestApp } from './test-app';
import { confirmPending } from './desk-changes';

/** A valid TRC20 address of the operator's, where the tests' sells send their USDT. */
export const DEPOSIT_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/**
 * Gives a brand an active TRC20 wallet (kept with the ones it has): a sell is refused for a brand
 * without one (decision 0018), so every test that places sells starts here.
 */
export async function giveDepositWallet(t: TestApp, tenantId: string = DEFAULT_TENANT_ID, address: string = DEPOSIT_TRON): Promise<void> {
  const token = await t.adminToken();
  const read = await t.call('GET', `/api/admin/tenants/${tenantId}`, { token });
  if (read.status !== 200) throw new Error(`read tenant failed: ${read.status} ${await read.text()}`);
  const { cryptoWallets } = (await read.json()) as { cryptoWallets: { network: string; address: string; qrCodeUrl: string | null; isActive: boolean }[] };
  const body = { cryptoWallets: [...cryptoWallets, { network: 'TRC20', address, isActive: true }] };
  // A new wallet waits for a second admin (decision 0030): confirmed from the server, as the admin CLI does.
  const saved = await t.call('PUT', `/api/admin/tenants/${tenantId}`, { token, body });
  if (saved.status !== 202) throw new Error(`add deposit wallet failed: ${saved.status} ${await saved.text()}`);
  await confirmPending(t, ((await saved.json()) as { change: { _id: string } }).change._id);
}
