/**
 * The Webhooks screen in real Chromium against a fresh `npm start` (issue 30, docs/webhooks.md): an
 * admin adds an endpoint (a real receiver on this machine), reads its signing secret once, a customer
 * places an order and the receiver gets it signed (checked with the documented verifier); the
 * delivery log shows it delivered, and Redeliver sends it again under the same delivery id. axe finds
 * no serious violation, and both screens fit 390 px and 1280 px.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eTestWith } from './support/e2e-fixtures';
import { checkedApiOf } from './support/signed-in';
import { confirmOnServer } from '../support/admin-cli';
import { startRecordingServer } from '../support/recording-http-server';
import { waitFor } from '../support/wait-for';
import { verifySignature } from '../../services/src/webhooks/verify-signature';
import { seriousViolations } from './support/axe';
import { fitsBothWidths } from './support/both-widths';

const ADMIN = { phone: '+919000000301', password: 'e2e-webhooks-admin' };
const CUSTOMER = { phone: '+919812300301', password: 'hooks-customer' };
const WALLET = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BANK = { bankName: 'HDFC Bank', accountName: 'E2E Desk Trading', accountNumber: '50100011223399', ifsc: 'HDFC0001234', isActive: true };

const it = e2eTestWith({ ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password })
  // A real receiver on this machine, stopped when the file ends.
  // vitest reads the fixtures a fixture needs from its first parameter's pattern: this one needs none.
  // eslint-disable-next-line no-empty-pattern
  .extend('receiver', { scope: 'file' }, async ({}, { onCleanup }) => {
    const receiver = await startRecordingServer();
    onCleanup(() => receiver.close());
    return receiver;
  })
  // The admin's page on the dashboard, once the brand's accounts are confirmed at the server; the tests go on from it.
  .extend('page', { scope: 'file' }, async ({ server, admin, open }) => {
    const saved = await checkedApiOf(server)('PUT', '/api/admin/tenants/default', admin, {
      bankAccounts: [BANK],
      cryptoWallets: [{ network: 'TRC20', address: WALLET, isActive: true }],
    });
    await confirmOnServer(server.serverEnv, saved.change._id);
    return open(admin, '/admin/dashboard');
  });

describe('webhooks, in a real browser', () => {
  let secret: string;

  /** No serious axe violation, and nothing scrolls sideways at 390 px or 1280 px. */
  const checkScreen = async (page: Page, name: string) => {
    expect(await seriousViolations(page), name).toEqual([]);
    await fitsBothWidths(page, 'webhooks', name);
  };

  // The desk, the receiver and the page start here, under a set-up's time (a test's own time is for the test).
  it.beforeAll(async ({ receiver, page }) => void [receiver, page], 120_000);

  it('adds an endpoint from the sidebar and shows its secret once', async ({ page, receiver }) => {
    await page.getByRole('complementary', { name: 'Admin navigation' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByText('No endpoints yet').waitFor();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add endpoint' });
    await form.getByLabel('Address').fill('http://example.com/hook');
    await form.getByRole('checkbox', { name: 'Order placed' }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await form.getByText('Plain http:// is allowed only to this machine (localhost); use https://').waitFor();
    await checkScreen(page, 'add-endpoint');

    await form.getByLabel('Address').fill(`${receiver.url}/desk`);
    await form.getByLabel('Description').fill('Our CRM');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByRole('dialog', { name: 'Your signing secret' });
    secret = (await shown.getByTestId('webhook-secret').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Copy the signing secret' }).waitFor();
    await checkScreen(page, 'secret-once');
    await shown.getByRole('button', { name: 'I have copied it' }).click();

    const card = page.getByRole('article', { name: `${receiver.url}/desk` });
    await card.getByText('Order placed').waitFor();
    await card.getByText('Our CRM').waitFor();
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await page.getByRole('article', { name: `${receiver.url}/desk` }).waitFor();
    expect(await page.content()).not.toContain(secret);
    await checkScreen(page, 'endpoints');
  });

  it("delivers an order's event signed to the receiver, shows it in the delivery log, and redelivers it", async ({ server, page, receiver }) => {
    const customer = await server.signUp(CUSTOMER);
    const order = (
      await checkedApiOf(server)('POST', '/api/orders/fiat-to-crypto', customer, {
        fiatAmount: 5000,
        network: 'TRC20',
        withdrawAddress: WALLET,
        method: 'bank',
      })
    ).order;
    const first = await waitFor('the delivery at the receiver', async () => receiver.requests[0], 20_000);
    expect(verifySignature(first.body, first.headers['x-desk-signature'] as string, secret)).toBe(true);
    const delivery = JSON.parse(first.body);
    expect(delivery).toMatchObject({ type: 'order.placed', brand: 'default', data: { orderId: order._id, reference: order.refCode, status: 'pending' } });

    await page.getByRole('link', { name: `Delivery log of ${receiver.url}/desk` }).click();
    await page.getByRole('heading', { name: 'Delivery log', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Order placed' }) });
    await row.getByText('Delivered').waitFor();
    await row.getByRole('button', { name: 'Attempts' }).click();
    const attempts = page.getByRole('region', { name: 'Order placed: attempts' });
    await attempts.getByText('Answered 200').waitFor();
    await attempts.getByText(delivery.id, { exact: true }).waitFor();
    await checkScreen(page, 'delivery-log');

    await attempts.getByRole('button', { name: 'Redeliver' }).click();
    const again = await waitFor('the redelivery', async () => receiver.requests[1], 20_000);
    expect(again.headers['x-desk-delivery']).toBe(delivery.id);
    expect(again.body).toBe(first.body);
    expect(verifySignature(again.body, again.headers['x-desk-signature'] as string, secret)).toBe(true);
    await attempts.getByText('sent again by an admin').waitFor({ timeout: 10_000 });
  });
});
