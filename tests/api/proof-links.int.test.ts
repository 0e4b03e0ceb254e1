/**
 * Proof-file links name their viewer: an admin or a compliance officer whose role is removed loses
 * the files they were shown at once, not when the 15-minute link runs out (security review, issue
 * 27); a customer's link opens their own proof; a link's viewer cannot be swapped.
 */
import { describe, expect } from 'vitest';
import { systemMetadata } from '../../platform/src/eventstore/event-metadata';
import { createCustomer, json } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { dataUrl, PNG_1PX } from '../support/sample-files';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('proof links after a role is removed', () => {
  let customer: string;
  let orderId: string;

  const it = withApp
    /** A staff account made as the admin CLI makes one, signed in. */
    .extend('staff', ({ t }) => async (phone: string, roles: string[]) => {
      const created = await t.deps.roles.create(
        { tenantId: 'default', username: `staff ${phone}`, phone, passwordHash: await hashOf('staff-password'), roles },
        'cli',
        systemMetadata('default', 'admin-cli'),
      );
      return { id: created!.id, token: await t.login(phone, 'staff-password') };
    })
    .extend(
      'open',
      ({ t }) =>
        (url: string) =>
          t.call('GET', url),
    );
  const hashOf = async (password: string) => (await import('../../services/src/identity/password')).hashPassword(password);

  it.beforeAll(async ({ t }) => {
    customer = await createCustomer(t, '+919733000001');
    const placed = await json(
      t.call('POST', '/api/orders/fiat-to-crypto', { token: customer, body: { fiatAmount: 5000, network: 'TRC20', withdrawAddress: TRON, method: 'bank' } }),
    );
    orderId = placed.body.order._id;
    const uploaded = await t.call('POST', `/api/orders/${orderId}/upload`, {
      token: customer,
      body: { dataUrl: dataUrl(PNG_1PX), bankReference: 'UTR733001' },
    });
    expect(uploaded.status).toBe(200);
    await t.project();
  });

  it("closes an admin's proof link once their admin role is removed", async ({ t, staff, open }) => {
    const meera = await staff('+919733000002', ['admin']);
    const url = (await json(t.call('GET', `/api/admin/orders/${orderId}`, { token: meera.token }))).body.attachments[0].url as string;
    expect((await open(url)).status).toBe(200);
    await t.deps.roles.change(meera.id, () => [], systemMetadata('default', 'admin-cli'));
    const after = await json(open(url));
    expect(after).toMatchObject({ status: 403, body: { code: 'invalid_link' } });
  });

  it("closes a compliance officer's proof link once their role is removed", async ({ t, staff, open }) => {
    const officer = await staff('+919733000003', ['compliance']);
    const replay = await json(t.call('GET', `/api/compliance/orders/${orderId}/replay`, { token: officer.token }));
    const url = replay.body.steps.at(-1).state.attachments[0].url as string;
    expect((await open(url)).status).toBe(200);
    await t.deps.roles.change(officer.id, () => [], systemMetadata('default', 'admin-cli'));
    expect((await open(url)).status).toBe(403);
  });

  it("opens the customer's own proof for them, and a link whose viewer is swapped opens for no one", async ({ t, open }) => {
    const url = (await json(t.call('GET', `/api/orders/${orderId}`, { token: customer }))).body.attachments[0].url as string;
    expect(url).toContain('as=customer');
    expect((await open(url)).status).toBe(200);
    const swapped = url.replace(/by=[^&]+/, 'by=00000000-0000-4000-8000-000000000001');
    expect((await open(swapped)).status).toBe(403);
    const unnamed = url.replace(/&?by=[^&]+/, '').replace(/&?as=customer/, '');
    expect((await open(unnamed)).status).toBe(403);
  });
});
