import { systemMetadata } from '../../platform/src/eventstore/event-metadata';
import { hashPassword } from '../../services/src/identity/password';
import { json, type TestApp } from './test-app';
import { confirmPending } from './desk-changes';

/** A second brand on `domain`, made by the operator's admin, as the read models and host resolution see it. */
export async function createBrand(t: TestApp, domain: string, name = `Brand ${domain}`): Promise<string> {
  const form = new FormData();
  form.set('name', name);
  form.set('domain', domain);
  const created = await json(t.app.request('/api/admin/tenants', { method: 'POST', body: form, headers: { authorization: `Bearer ${await t.adminToken()}` } }));
  if (created.status !== 201) throw new Error(`create brand failed: ${created.status} ${JSON.stringify(created.body)}`);
  // Its domain waits for a second admin (decision 0030): confirmed from the server, as the bootstrap does.
  if (created.body.domainChange) await confirmPending(t, created.body.domainChange._id as string);
  await t.project();
  return created.body.tenant._id as string;
}

/** A new brand on `domain` and its admin, signed in on the brand's host. */
export async function createBrandAdmin(t: TestApp, domain: string, phone: string, password = 'brand-admin'): Promise<{ tenantId: string; token: string }> {
  const tenantId = await createBrand(t, domain);
  // Made as the operator's admin CLI makes one: a password the admin chose on the screens would have to
  // be replaced by its holder before a staff account signs in with it (decision 0029).
  const made = await t.deps.roles.create(
    { tenantId, username: `admin of ${domain}`, phone, passwordHash: await hashPassword(password), roles: ['admin'] },
    'cli',
    systemMetadata(tenantId, 'admin-cli'),
  );
  if (!made) throw new Error(`create brand admin failed: ${phone} is taken on ${domain}`);
  const login = await json(t.call('POST', '/api/auth/login', { body: { phone, password }, headers: { host: domain } }));
  if (login.status !== 200) throw new Error(`brand admin login failed: ${login.status}`);
  return { tenantId, token: login.body.token as string };
}
