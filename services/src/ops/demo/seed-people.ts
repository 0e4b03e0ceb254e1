import { DEFAULT_TENANT_ID } from '@desk/machines/tenants/tenant-id';
import { systemMetadata } from '@desk/platform/eventstore/event-metadata';
import { findUserByPhone } from '../../identity/users.repository';
import { hashPassword } from '../../identity/password';
import { ADMIN_ROLE } from '../../identity/admin-scope';
import { createAdmin } from '../admin/admin-accounts';
import { CommandError } from '../cli-errors';
import type { WriteLine } from '../progress';
import { ask, type CallApi, type DemoRequest } from './demo-api';
import type { DemoApps } from './demo-apps';
import { DEMO_BRAND, DEMO_CUSTOMERS, DEMO_OPERATOR, DEMO_PASSWORDS, OPERATOR_ACCOUNTS, OPERATOR_HOST, type Brand } from './demo-data';

export const SEED_ACTOR = 'demo-seed';

export interface SignedIn {
  token: string;
  host: string;
  brand: Brand;
}

export interface DemoCustomerSession extends SignedIn {
  userId: string;
  wallet: string;
  bankAccountId: string;
}

export interface DemoPeople {
  operator: SignedIn;
  brandAdmin: SignedIn;
  sunriseId: string;
  customers: ReadonlyMap<string, DemoCustomerSession>;
}

const hostOf = (brand: Brand) => (brand === 'sunrise' ? DEMO_BRAND.domain : OPERATOR_HOST);

/**
 * The demo's brands and people, through the API as the operator would make them: the operator's
 * admin (made like the admin CLI makes one), the second brand with its domain, receiving accounts and
 * overrides, its admin, and three customers per brand (made at the server, as their sign-ups would be)
 * with a saved wallet and bank account each.
 * What already exists is found (brand by domain) or answered again (Idempotency-Key), never doubled.
 */
export async function seedPeople(apps: DemoApps, write: WriteLine): Promise<DemoPeople> {
  const { api } = apps;
  const operator = await operatorAdmin(apps, write);

  await apps.project();
  const listed = await ask<{ tenants: { _id: string; domain: string | null }[] }>(api, 'GET', '/api/admin/tenants', operator);
  let sunriseId = listed.body.tenants.find((t) => t.domain === DEMO_BRAND.domain)?._id;
  if (!sunriseId) {
    const form = new FormData();
    form.set('name', DEMO_BRAND.name);
    form.set('domain', DEMO_BRAND.domain);
    form.set('primaryColor', DEMO_BRAND.primaryColor);
    const created = await ask<{ tenant: { _id: string }; domainChange: { _id: string } | null }>(api, 'POST', '/api/admin/tenants', { ...operator, form });
    sunriseId = created.body.tenant._id;
    // Its domain waits for a second admin (decision 0030): confirmed from the server, as the CLI would.
    if (created.body.domainChange) await apps.confirmChange(created.body.domainChange._id);
    write(`[seed] brand ${DEMO_BRAND.name} created on ${DEMO_BRAND.domain}`);
  } else {
    write(`[seed] brand ${DEMO_BRAND.name} already on ${DEMO_BRAND.domain}`);
  }
  // Whole lists each time: the same lists again record nothing. New accounts wait for a second
  // admin (decision 0030): the seed, run at the server, confirms them as the admin CLI would.
  const { bankAccounts, cryptoWallets, overrides } = DEMO_BRAND;
  await settled(apps, 'PUT', `/api/admin/tenants/${sunriseId}`, { ...operator, body: { bankAccounts, cryptoWallets } });
  await settled(apps, 'PUT', `/api/admin/tenants/${sunriseId}/settings`, { ...operator, body: overrides });
  const own = await ask<{ bankAccounts: unknown[]; cryptoWallets: unknown[] }>(api, 'GET', `/api/admin/tenants/${DEFAULT_TENANT_ID}`, operator);
  if (own.body.bankAccounts.length === 0 && own.body.cryptoWallets.length === 0) {
    await settled(apps, 'PUT', `/api/admin/tenants/${DEFAULT_TENANT_ID}`, { ...operator, body: OPERATOR_ACCOUNTS });
    write(`[seed] the operator's brand had no receiving accounts: a demo bank account and wallets added`);
  }
  // Host resolution reads the tenants read model: the new domain must be in it before anyone signs in there.
  await apps.project();

  const brandAdmin = await seededAdmin(
    apps,
    { phone: DEMO_BRAND.admin.phone, password: DEMO_PASSWORDS.brandAdmin, brand: 'sunrise', tenantId: sunriseId },
    write,
  );
  const customers = new Map<string, DemoCustomerSession>();
  for (const person of DEMO_CUSTOMERS) {
    const tenantId = person.brand === 'sunrise' ? sunriseId : DEFAULT_TENANT_ID;
    const session = await account(apps, { ...person, password: DEMO_PASSWORDS.customer, tenantId, roles: [] });
    const key = (what: string) => `demo-${what}-${person.phone.replace('+', '')}`;
    await ask(
      api,
      'POST',
      '/api/user/wallet',
      { ...session, key: key('wallet'), body: { address: person.wallet, network: 'TRC20', label: 'My TRC20', isDefault: true } },
      [201, 409],
    );
    const bank = await ask<{ account: { _id: string } }>(api, 'POST', '/api/user/bank-account', {
      ...session,
      key: key('bank'),
      body: { ...person.bank, isDefault: true },
    });
    customers.set(person.phone, { ...session, wallet: person.wallet, bankAccountId: bank.body.account._id });
  }
  write(`[seed] people: 1 operator admin, 1 brand admin, ${customers.size} customers with a saved wallet and bank account each`);
  return { operator, brandAdmin, sunriseId, customers };
}

/** The seed's operator admin. */
function operatorAdmin(apps: DemoApps, write: WriteLine): Promise<SignedIn> {
  return seededAdmin(apps, { phone: DEMO_OPERATOR.phone, password: DEMO_PASSWORDS.operator, brand: 'operator', tenantId: DEFAULT_TENANT_ID }, write);
}

/**
 * An admin of the seed's: made directly when missing (as `npm run admin -- create-admin` does: a
 * staff account made on the admin screens waits for a second admin, decision 0030), then signed in
 * over the API on its brand's host.
 */
async function seededAdmin(apps: DemoApps, admin: { phone: string; password: string; brand: Brand; tenantId: string }, write: WriteLine): Promise<SignedIn> {
  const existing = await findUserByPhone(apps.accounts.db, admin.tenantId, admin.phone);
  if (!existing) {
    await createAdmin({ ...apps.accounts, actor: SEED_ACTOR, via: 'seed' }, { phone: admin.phone, tenantId: admin.tenantId, password: admin.password });
    write(`[seed] ${admin.brand === 'operator' ? 'operator' : 'brand'} admin ${admin.phone} created`);
  } else if (!existing.roles.includes(ADMIN_ROLE)) {
    throw new CommandError(`${admin.phone} is a customer's account here: the seed will not make it an admin. Seed another database.`);
  }
  const host = hostOf(admin.brand);
  const { token } = await signIn(apps.api, admin.phone, admin.password, host);
  return { token, host, brand: admin.brand };
}

/** A change the operator's admin asks for; one that waits for a second admin (202) the seed confirms from the server. */
async function settled(apps: DemoApps, method: string, path: string, request: DemoRequest): Promise<void> {
  const answer = await ask<{ change?: { _id: string } }>(apps.api, method, path, request, [200, 202]);
  if (answer.status === 202 && answer.body.change) await apps.confirmChange(answer.body.change._id);
}

interface NewAccount {
  phone: string;
  username: string;
  password: string;
  brand: Brand;
  tenantId: string;
  roles: string[];
}

/**
 * A customer's account made by the seed at the server (`via: 'seed'`, no maker recorded), as its own
 * sign-up would make it, or found from an earlier run; signed in on its brand's host. Not made on the
 * admin screens: an account an admin makes there places no order until its holder sets their own
 * password with a code sent to the phone (decision 0029, third addendum), and the seed's customers order.
 */
async function account(apps: DemoApps, person: NewAccount): Promise<SignedIn & { userId: string }> {
  const { phone, username, password, tenantId, roles } = person;
  // Already there: an earlier run's, or someone else's; signing in tells which.
  if (!(await findUserByPhone(apps.accounts.db, tenantId, phone))) {
    const user = { tenantId, username, phone, passwordHash: await hashPassword(password), roles };
    await apps.accounts.roles.create(user, 'seed', systemMetadata(tenantId, SEED_ACTOR));
  }
  const host = hostOf(person.brand);
  const { token, userId } = await signIn(apps.api, phone, password, host);
  return { token, userId, host, brand: person.brand };
}

async function signIn(api: CallApi, phone: string, password: string, host: string): Promise<{ token: string; userId: string }> {
  const answer = await ask<{ token: string; user: { _id: string } }>(api, 'POST', '/api/auth/login', { host, body: { phone, password } }, [200, 401, 429]);
  if (answer.status !== 200) {
    throw new CommandError(
      `${phone} has an account on ${host} that does not take the demo password (${answer.status}): the seed leaves accounts it did not make alone. ` +
        'Seed an empty database (DATA_DIR=.data-demo npm run seed -- demo), or give it the demo password with npm run admin -- reset-password.',
    );
  }
  return { token: answer.body.token, userId: answer.body.user._id };
}
