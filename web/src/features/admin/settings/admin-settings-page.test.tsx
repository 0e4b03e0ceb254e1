// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithApp } from '../../../test/render';
import { AdminSettingsPage } from './admin-settings-page';
import type { AdminSettings } from './settings-api';
import { waitingAnswer } from '../changes/changes-test-kit';
import { GLOBAL, SETTINGS as BRAND_SETTINGS } from '../tenants/brand-settings-fixtures';

afterEach(cleanup);

const SETTINGS: AdminSettings = {
  ...GLOBAL,
  revision: '4',
  updatedAt: '2025-03-01T09:30:00.000Z',
  updatedBy: { _id: 'admin-1', phone: '+919800000009', username: 'meera' },
  agreedRates: { ...BRAND_SETTINGS.agreedRates, usdt_bank_buy: { rate: 88, confirmedAt: '2025-02-20T09:00:00.000Z' } },
};

/** Opens the settings page on SETTINGS; a save answers that it stored `saved`. */
function openSaving(saved: AdminSettings) {
  const api = fakeApi({
    'GET /api/admin/settings': SETTINGS,
    'PUT /api/admin/settings': () => ({ status: 200, body: { ...saved, message: 'Settings saved successfully' } }),
  });
  renderWithApp(<AdminSettingsPage />, '/admin/settings');
  return api;
}

async function replace(label: string, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  await userEvent.type(input, value);
}

const saveAll = () => userEvent.click(screen.getByRole('button', { name: 'Save All Settings' }));
/** Every PUT the page sent, to whatever path. */
const putsIn = (calls: { method: string; body: unknown }[]) => calls.filter((c) => c.method === 'PUT');

/** Types each value over its setting's, saves, and sees it saved. */
async function saveTyped(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await replace(label, value);
  await saveAll();
  expect(await screen.findByText('Settings saved successfully')).toBeTruthy();
}

/** The server's refusal of one setting stands under its input (marked invalid), not in a toast. */
async function expectRefusedUnder(label: string, message: string) {
  expect(await screen.findByText(message)).toBeTruthy();
  expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
  expect(screen.queryByText(/Validation failed/)).toBeNull();
}

describe('Global Settings', () => {
  it('shows the stored values and who changed them last', async () => {
    fakeApi({ 'GET /api/admin/settings': SETTINGS });
    renderWithApp(<AdminSettingsPage />, '/admin/settings');
    const bankBuy = await screen.findByLabelText<HTMLInputElement>('USDT Bank Buy');
    expect(bankBuy.value).toBe('88.5');
    expect(bankBuy.placeholder).toBe('85.00');
    expect(screen.getByLabelText<HTMLInputElement>('Sell fee %').value).toBe('1');
    expect(screen.getByLabelText<HTMLInputElement>('Buy order (INR) maximum').value).toBe('1000000');
    const controls = within(screen.getByRole('region', { name: 'Desk controls' }));
    expect(controls.getByLabelText<HTMLInputElement>('Second admin above (₹)').value).toBe('200000');
    expect(controls.getByLabelText<HTMLInputElement>('Customer daily limit (₹)').value).toBe('0');
    expect(controls.getByLabelText<HTMLInputElement>('Customer monthly limit (₹)').value).toBe('5000000');
    expect(controls.getByText('Completing or approving an order worth more than this needs a different admin to confirm. 0 turns it off.')).toBeTruthy();
    const last = within(screen.getByText('Last changed by').closest('dl')!);
    expect(last.getByText('meera · +919800000009')).toBeTruthy();
    expect(last.getByText(/2025/)).toBeTruthy();
  });

  it('shows the agreed rates a move is measured from, and when two admins confirmed them', async () => {
    fakeApi({ 'GET /api/admin/settings': SETTINGS });
    renderWithApp(<AdminSettingsPage />, '/admin/settings');
    const agreed = within(await screen.findByRole('region', { name: 'Agreed rates' }));
    expect(agreed.getByText(/further than the re-quote band from its agreed rate waits for a second admin/)).toBeTruthy();
    const bankBuy = agreed.getByText('USDT Bank Buy').closest('div')!;
    expect(bankBuy.textContent).toMatch(/^USDT Bank Buy88 \(confirmed by two admins on 20 Feb 2025/);
    expect(agreed.getByText('USDT Cash Buy').closest('div')!.textContent).toBe('USDT Cash Buy85 (the rate in force when agreed rates began)');
  });

  it('sends only what changed, a limit with both its ends', async () => {
    const saved = {
      ...SETTINGS,
      rates: { ...SETTINGS.rates, usdt_bank_buy: 90 },
      fees: { ...SETTINGS.fees, cryptoToFiatPercent: 1.25 },
      limits: { ...SETTINGS.limits, sellUsdt: { min: 5, max: 12000 } },
      revision: '5',
      updatedBy: { _id: 'admin-2', phone: '+919800000010', username: null },
    };
    const { calls } = openSaving(saved);
    await screen.findByLabelText('USDT Bank Buy');
    await saveTyped({ 'USDT Bank Buy': '90', 'USDT Bank Sell': '86.00', 'Sell fee %': '1.25', 'Sell order (USDT) minimum': '5' });
    expect(putsIn(calls).map((c) => c.body)).toEqual([
      { rates: { usdt_bank_buy: 90 }, fees: { cryptoToFiatPercent: 1.25 }, limits: { sellUsdt: { min: 5, max: 12000 } } },
    ]);
    expect(await screen.findByText('+919800000010')).toBeTruthy();
  });

  it('sends a changed control alone under controls, 0 included, and starts again from what is stored', async () => {
    const saved = {
      ...SETTINGS,
      controls: { ...SETTINGS.controls, fourEyesAboveInr: 5000, customerDailyInr: 250000, customerMonthlyInr: 0, requoteBandPercent: 2 },
      revision: '5',
    };
    const { calls } = openSaving(saved);
    await screen.findByLabelText('Second admin above (₹)');
    await saveTyped({ 'Second admin above (₹)': '5000', 'Customer daily limit (₹)': '250000', 'Customer monthly limit (₹)': '0' });
    expect(putsIn(calls).map((c) => c.body)).toEqual([{ controls: { fourEyesAboveInr: 5000, customerDailyInr: 250000, customerMonthlyInr: 0 } }]);
    // Saved: the same values again are no change.
    await saveAll();
    expect(await screen.findByText('Nothing to save: no setting was changed')).toBeTruthy();
    expect(putsIn(calls)).toHaveLength(1);
  });

  it('sends a changed bank or chain check as its word, and nothing when it is chosen back', async () => {
    const { calls } = openSaving(SETTINGS);
    const matches = await screen.findByLabelText('Bank statement matches');
    await userEvent.selectOptions(matches, 'Verify exact matches');
    await userEvent.selectOptions(screen.getByLabelText('A payout the chain does not show'), 'Record it, flagged');
    await saveAll();
    expect(await screen.findByText('Settings saved successfully')).toBeTruthy();
    expect(putsIn(calls).map((c) => c.body)).toEqual([{ controls: { bankMatch: 'verify', chainPayoutMismatch: 'flag' } }]);
  });

  it('refuses a control that is not whole rupees, and shows the server refusing one', async () => {
    const { calls } = fakeApi({
      'GET /api/admin/settings': SETTINGS,
      'PUT /api/admin/settings': () => ({
        status: 400,
        body: { error: 'validation_error', details: [{ path: 'controls.fourEyesAboveInr', message: 'Must be a whole number of rupees (0 turns it off)' }] },
      }),
    });
    renderWithApp(<AdminSettingsPage />, '/admin/settings');
    await screen.findByLabelText('Second admin above (₹)');
    await replace('Second admin above (₹)', '2500.5');
    await saveAll();
    expect(screen.getByText('Enter a whole number of rupees, 0 or more')).toBeTruthy();
    expect(screen.getByLabelText('Second admin above (₹)').getAttribute('aria-invalid')).toBe('true');
    expect(putsIn(calls)).toHaveLength(0);
    await replace('Second admin above (₹)', '2500');
    await saveAll();
    await expectRefusedUnder('Second admin above (₹)', 'Must be a whole number of rupees (0 turns it off)');
    expect(putsIn(calls).map((c) => c.body)).toEqual([{ controls: { fourEyesAboveInr: 2500 } }]);
  });

  it("sends nothing when nothing changed or a value is not a number, and shows the server's refusals", async () => {
    const refusals = [
      { path: 'rates.usdt_cash_buy', message: 'Must be at most 100000' },
      { path: '', message: 'Nothing to change: send rates, fees, limits or controls' },
    ];
    const { calls } = fakeApi({
      'GET /api/admin/settings': SETTINGS,
      'PUT /api/admin/settings': () => ({ status: 400, body: { error: 'validation_error', details: [refusals.shift()!] } }),
    });
    renderWithApp(<AdminSettingsPage />, '/admin/settings');
    await screen.findByLabelText('USDT Cash Buy');
    await saveAll();
    expect(await screen.findByText('Nothing to save: no setting was changed')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Buy order (INR) minimum'));
    await saveAll();
    expect(screen.getByText('Enter a whole number above 0')).toBeTruthy();
    expect(putsIn(calls)).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Buy order (INR) minimum'), '100');
    await replace('USDT Cash Buy', '200000');
    await saveAll();
    await expectRefusedUnder('USDT Cash Buy', 'Must be at most 100000');
    expect(putsIn(calls).map((c) => c.body)).toEqual([{ rates: { usdt_cash_buy: 200000 } }]);
    // A refusal that names no input goes to a toast, and the one under the input is gone with the new save.
    await replace('USDT Cash Buy', '90');
    await saveAll();
    expect(await screen.findByText('Validation failed: Nothing to change: send rates, fees, limits or controls')).toBeTruthy();
    expect(screen.queryByText('Must be at most 100000')).toBeNull();
  });

  it('says when the settings cannot be loaded', async () => {
    fakeApi({ 'GET /api/admin/settings': () => ({ status: 403, body: {} }) });
    renderWithApp(<AdminSettingsPage />, '/admin/settings');
    expect(await screen.findByText('Unauthorized or server error')).toBeTruthy();
  });

  it('says a change that loosens a control waits for a second admin, with a link to it, instead of saved', async () => {
    const answer = waitingAnswer();
    fakeApi({ 'GET /api/admin/settings': SETTINGS, 'PUT /api/admin/settings': () => answer });
    renderWithApp(<AdminSettingsPage />, '/admin/settings');
    await screen.findByLabelText('Second admin above (₹)');
    await replace('Second admin above (₹)', '0');
    await saveAll();
    const notice = within((await screen.findByText('Waiting for a second admin')).closest<HTMLElement>('[role="status"]')!);
    expect(notice.getByText('Waiting for a second admin')).toBeTruthy();
    expect(notice.getByRole('link', { name: 'See the request' }).getAttribute('href')).toBe(`/admin/changes/${answer.body.change._id}`);
    expect(screen.queryByText('Settings saved successfully')).toBeNull();
    // Nothing changed: the form still shows what is stored under its own value.
    expect(within(screen.getByText('Last changed by').closest('dl')!).getByText('meera · +919800000009')).toBeTruthy();
  });
});
