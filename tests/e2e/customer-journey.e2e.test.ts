/**
 * A newcomer's journey in real Chromium against a fresh `npm start`: register with a code from the
 * SMS outbox, log in with the password, add a wallet and a bank account, place a buy and a sell, see
 * the operator's payment details, upload a proof image, cancel an order, change the password, log
 * out, and log in with a one-time code.
 * Screenshots of each main screen at desktop and phone width go to tests/e2e/screenshots/customer.
 */
import { describe, expect } from 'vitest';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { e2eTestWith } from './support/e2e-fixtures';
import { confirmOnServer } from '../support/admin-cli';
import { watchCspViolations } from './support/csp-violations';
import { PNG_1PX } from '../support/sample-files';

const PHONE_NO = '+919876500001';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ADMIN = { phone: '+919000000066', password: 'e2e-admin-password' };

const it = e2eTestWith({ ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password })
  /**
   * The journey's page, once per file, on a desk whose rates and receiving accounts (which the
   * payment details show) are set: one desktop page every step goes on from, its Content-Security-Policy
   * violations kept, and the steps the journey repeats on it.
   */
  .extend('journey', { scope: 'file' }, async ({ server, browser, admin }) => {
    // Both wait for a second admin (a rate past the re-quote band, new accounts): confirmed at the server (decision 0030).
    const saveConfirmed = async (path: string, body: unknown) => {
      const response = await fetch(`${server.base}${path}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify(body),
      });
      await confirmOnServer(server.serverEnv, ((await response.json()) as { change: { _id: string } }).change._id);
    };
    await saveConfirmed('/api/admin/settings', { rates: { usdt_bank_buy: 88.5, usdt_bank_sell: 86 } });
    await saveConfirmed('/api/admin/tenants/default', {
      bankAccounts: [{ bankName: 'HDFC Bank', accountName: 'USDT Desk Pvt Ltd', accountNumber: '50200011112222', ifsc: 'HDFC0000123' }],
      cryptoWallets: [{ network: 'TRC20', address: TRON }],
    });
    const page = await browser.newPage({ viewport: DESKTOP });
    const cspViolations = await watchCspViolations(page);
    return {
      page,
      cspViolations,
      // A dialog is fixed to the viewport, so it is captured as the viewport, not the whole page.
      shot: async (name: string, fullPage = true) => {
        await page.waitForLoadState('networkidle');
        await screenshot(page, 'customer', name, fullPage);
        await page.setViewportSize(PHONE);
        await screenshot(page, 'customer', name, fullPage);
        await page.setViewportSize(DESKTOP);
      },
      toast: (text: string | RegExp) => page.getByText(text).first().waitFor(),
      enterCode: async (code: string) => {
        await page.getByLabel('Digit 1').click();
        await page.keyboard.type(code);
      },
      logout: async () => {
        await page.getByRole('button', { name: 'Account menu' }).click();
        await page.getByRole('menuitem', { name: 'Logout' }).click();
        await page.waitForURL('**/login');
      },
    };
  });

describe('customer journey in a real browser', () => {
  /** When the sign-up code was asked for: the next code to the phone, whatever it is for, waits 30 s after it. */
  let signUpCodeAt = 0;

  // The desk and the journey's page start here, under a set-up's time (a test's own time is for the test).
  it.beforeAll(async ({ journey }) => void journey, 120_000);

  it('registers with a code from the outbox and lands signed in', async ({ server, journey: { page, shot, enterCode } }) => {
    await page.goto(server.base);
    await shot('landing');
    await page.goto(`${server.base}/register`);
    await page.getByLabel('Username').fill('Asha Newcomer');
    await page.getByLabel('Phone number').fill(PHONE_NO);
    await page.getByLabel('Password', { exact: true }).fill('first-pass');
    await shot('register');
    const sentAt = Date.now() - 1000;
    signUpCodeAt = Date.now();
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await enterCode(await server.otpFor(PHONE_NO, 'register', sentAt));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.base}/`);
    await page.goto(`${server.base}/dashboard`);
    await expect.poll(() => page.getByText(PHONE_NO).first().isVisible()).toBe(true);
  }, 60_000);

  it('logs out and back in with the password', async ({ journey: { page, shot, logout } }) => {
    await logout();
    await shot('login');
    await page.getByRole('tabpanel').getByLabel('Phone number').fill(PHONE_NO);
    await page.getByRole('tabpanel').getByLabel('Password', { exact: true }).fill('first-pass');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
    await shot('dashboard');
  }, 60_000);

  it('adds a USDT wallet and a bank account', async ({ server, journey: { page, shot } }) => {
    await page.goto(`${server.base}/dashboard/wallets`);
    await page.getByRole('button', { name: 'Add Address' }).first().click();
    await page.getByLabel('Wallet address').fill(TRON);
    await page.getByLabel('Network').selectOption('TRC20');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await expect
      .poll(() =>
        page
          .getByText(`${TRON.slice(0, 8)}`)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await shot('wallets');

    await page.goto(`${server.base}/dashboard/bank-accounts`);
    await page.getByRole('button', { name: 'Add Bank Account' }).first().click();
    await page.getByLabel('Bank name').fill('State Bank of India');
    await page.getByLabel('Account holder name').fill('Asha Newcomer');
    await page.getByLabel('Account number').fill('30012345678');
    await page.getByLabel('IFSC code').fill('sbin0001234');
    await page.getByRole('button', { name: 'Save Bank Account' }).click();
    await expect.poll(() => page.getByText('SBIN0001234').first().isVisible()).toBe(true);
    await shot('bank-accounts');
  }, 60_000);

  it('places a buy and a sell and sees where to pay', async ({ server, journey: { page, shot } }) => {
    await page.goto(`${server.base}/dashboard`);
    const buy = page.getByRole('form', { name: 'Buy USDT' });
    await buy.getByLabel('Amount (INR)').fill('5000');
    await buy.getByRole('button', { name: 'Create Order' }).click();
    const details = page.getByRole('dialog', { name: 'Payment Details' });
    await expect.poll(() => details.getByText('50200011112222').first().isVisible()).toBe(true);
    await shot('payment-details-buy', false);
    await details.getByRole('button', { name: 'Close' }).first().click();

    await page.getByRole('tab', { name: /Sell/ }).click();
    const sell = page.getByRole('form', { name: 'Sell USDT' });
    await sell.getByLabel('Amount (USDT)').fill('10');
    await sell.getByRole('button', { name: 'Create Order' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Payment Details' }).getByText(TRON).first().isVisible()).toBe(true);
    await shot('payment-details-sell', false);
    await page.getByRole('dialog', { name: 'Payment Details' }).getByRole('button', { name: 'Close' }).first().click();
  }, 60_000);

  it('uploads a proof image to the sell and cancels the buy', async ({ server, journey: { page, shot, toast } }) => {
    await page.goto(`${server.base}/dashboard/orders`);
    await expect.poll(() => page.getByRole('link', { name: /View details of order/ }).count()).toBe(2);
    await shot('orders');
    // Newest first: the sell, then the buy.
    await page
      .getByRole('link', { name: /View details of order/ })
      .first()
      .click();
    await page.getByLabel('Proof file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1PX });
    // The file goes with its reference: without one the page asks for it and sends nothing.
    await page.getByRole('button', { name: 'Upload Proof' }).click();
    await page.getByText('Please enter the payment reference').waitFor();
    await page.getByLabel('Transaction hash').fill('0x5f3c9a7e21b4d8a06c1e9f2b7a3d5c8e1f0a9b6c4d2e7f8a1b3c5d7e9f0a2b4c');
    await page.getByRole('button', { name: 'Upload Proof' }).click();
    await toast('Proof uploaded successfully');
    await expect
      .poll(() =>
        page
          .getByText(/proof-ORD-/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await shot('order-detail');

    // An admin verifies the order elsewhere: the open page shows it without a reload.
    const orderId = page.url().split('/').at(-1)!;
    const adminToken = await server.signIn(ADMIN);
    await fetch(`${server.base}/api/admin/orders/${orderId}/verify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    await expect.poll(() => page.getByText('Approved').first().isVisible(), { timeout: 15_000 }).toBe(true);

    await page.goto(`${server.base}/dashboard/orders`);
    await page
      .getByRole('link', { name: /View details of order/ })
      .nth(1)
      .click();
    await page.getByRole('button', { name: 'Cancel Order' }).click();
    await page.getByRole('dialog', { name: 'Cancel Order' }).getByRole('button', { name: 'Cancel Order' }).click();
    await expect.poll(() => page.getByText('Cancelled').first().isVisible()).toBe(true);
  }, 60_000);

  it('changes the password and logs out', async ({ journey: { page, toast, logout } }) => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current password').fill('first-pass');
    await dialog.getByLabel('New password', { exact: true }).fill('second-pass');
    await dialog.getByLabel('Confirm new password').fill('second-pass');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await toast('Password changed successfully');
    await logout();
    await page.getByRole('tabpanel').getByLabel('Phone number').fill(PHONE_NO);
    await page.getByRole('tabpanel').getByLabel('Password', { exact: true }).fill('second-pass');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
  }, 60_000);

  // Last of the journey's steps: one wait between codes to a phone, whatever they are for (decision
  // 0029), and the steps before it spend most of the sign-up code's 30 s instead of a pause.
  it('logs out and back in with a one-time code', async ({ server, journey: { page, enterCode, logout } }) => {
    await logout();
    await page.getByRole('tab', { name: 'OTP' }).click();
    await page.getByRole('tabpanel').getByLabel('Phone number').fill(PHONE_NO);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, signUpCodeAt + 31_000 - Date.now())));
    const sentAt = Date.now() - 1000;
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await enterCode(await server.otpFor(PHONE_NO, 'login', sentAt));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');
  }, 60_000);

  it('met no Content-Security-Policy violation on any screen', ({ journey: { cspViolations } }) => {
    expect(cspViolations).toEqual([]);
  });
});
