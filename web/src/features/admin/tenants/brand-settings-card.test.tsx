// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fixtures';
import type { FakeApi } from '../../../test/render';
import type { BrandSettings } from './brand-settings-api';
import { GLOBAL, SETTINGS } from './brand-settings-fixtures';
import { renderTenants, tenant } from './tenant-test-kit';
import { waitingAnswer } from '../changes/changes-test-kit';

const SETTINGS_PATH = '/api/admin/tenants/t-1/settings';
const open = (table: FakeApi = {}) =>
  renderTenants('/admin/tenants/t-1', { 'GET /api/admin/tenants/t-1': tenant(), [`GET ${SETTINGS_PATH}`]: SETTINGS, ...table });
/** Opens the card; each save answers that it stored what `stored` gives next. */
const openSaving = (...stored: BrandSettings[]) =>
  open({ [`PUT ${SETTINGS_PATH}`]: () => ({ status: 200, body: { ...stored.shift()!, message: 'Brand settings saved' } }) });
const card = () => screen.getByRole('region', { name: 'Brand settings' });
const input = (label: string) => within(card()).getByLabelText<HTMLInputElement>(label);
async function replace(label: string, value: string) {
  await userEvent.clear(input(label));
  if (value) await userEvent.type(input(label), value);
}
const save = () => userEvent.click(within(card()).getByRole('button', { name: 'Save Brand Settings' }));
/** Types each override ('' empties it), saves, and sees it saved. */
async function saveOverrides(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await replace(label, value);
  await save();
  expect(await screen.findByText('Brand settings saved')).toBeTruthy();
}
/** Opens the card, its saves answering `stored`, saves the overrides typed, and gives the bodies the saves sent. */
async function sentOverrides(stored: BrandSettings, values: Record<string, string>) {
  const { calls } = openSaving(stored);
  await screen.findByRole('table', { name: 'Brand settings' });
  await saveOverrides(values);
  return callsTo(calls, 'PUT', SETTINGS_PATH).map((c) => c.body);
}
const rowsOf = () =>
  within(within(card()).getByRole('table', { name: 'Brand settings' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      row.querySelector('th')!.textContent,
      ...[...row.querySelectorAll('td')].map((td, i) => (i === 1 ? [...td.querySelectorAll('input')].map((x) => x.value).join('|') : td.textContent)),
    ]);

describe('Tenant detail: brand settings', () => {
  it('shows each setting globally, as overridden (empty: none) and in effect, and who changed them last', async () => {
    open();
    await within(await screen.findByRole('region', { name: 'Brand settings' })).findByRole('table', { name: 'Brand settings' });
    expect(rowsOf()).toEqual([
      ['Base rate (USDT/INR)', '85', '', '85'],
      ['USDT Bank Buy', '88.5', '90', '90Overridden'],
      ['USDT Bank Sell', '86', '', '86'],
      ['USDT Cash Buy', '0 (base rate)', '', '0 (base rate)'],
      ['USDT Cash Sell', '87', '', '87'],
      ['Buy fee %', '0.5%', '', '0.5%'],
      ['Sell fee %', '1%', '', '1%'],
      ['Buy order (INR)', '100 – 10,00,000', '|', '100 – 10,00,000'],
      ['Sell order (USDT)', '1 – 12,000', '5|5000', '5 – 5,000Overridden'],
      ['Second admin above (₹)', '2,00,000', '', '2,00,000'],
      ['Customer daily limit (₹)', '0 (no limit)', '', '0 (no limit)'],
      ['Customer monthly limit (₹)', '50,00,000', '2000000', '20,00,000Overridden'],
      ['Re-quote band (%)', '2%', '', '2%'],
      ['Bank statement matches', 'Show them; an admin verifies', '', 'Show them; an admin verifies'],
      ['A payout the chain does not show', 'Refuse it', '', 'Refuse it'],
    ]);
    // An empty override shows the global value it follows.
    expect(input('USDT Bank Sell override').placeholder).toBe('86');
    expect(input('Second admin above (₹) override').placeholder).toBe('200000');
    const last = within(within(card()).getByText('Last changed by').closest('dl')!);
    expect(last.getByText('ops · +919900000009')).toBeTruthy();
    expect(last.getByText(/2025/)).toBeTruthy();
  });

  it("shows the brand's agreed rates, each with when two admins confirmed it", async () => {
    open();
    const agreed = within(await within(await screen.findByRole('region', { name: 'Brand settings' })).findByRole('region', { name: 'Agreed rates' }));
    expect(agreed.getByText('USDT Bank Buy').closest('div')!.textContent).toMatch(/^USDT Bank Buy90 \(confirmed by two admins on 2 Mar 2025/);
    expect(agreed.getByText('USDT Bank Sell').closest('div')!.textContent).toBe('USDT Bank Sell86 (the rate in force when agreed rates began)');
  });

  it('saves the whole set of overrides, emptied ones left out, and shows what is stored then', async () => {
    const stored: BrandSettings = {
      ...SETTINGS,
      overrides: {
        rates: { usdtInr: 86 },
        fees: { fiatToCryptoPercent: 0.25 },
        limits: { buyInr: { min: 500, max: 200000 }, sellUsdt: { min: 5, max: 5000 } },
        controls: { customerMonthlyInr: 2000000 },
      },
      effective: {
        rates: { ...GLOBAL.rates, usdtInr: 86 },
        fees: { ...GLOBAL.fees, fiatToCryptoPercent: 0.25 },
        limits: { buyInr: { min: 500, max: 200000 }, sellUsdt: { min: 5, max: 5000 } },
        controls: { ...GLOBAL.controls, customerMonthlyInr: 2000000 },
      },
      updatedAt: '2025-04-01T08:00:00.000Z',
      updatedBy: { _id: 'admin-3', phone: '+919900000007', username: null },
    };
    const sent = await sentOverrides(stored, {
      'Base rate (USDT/INR) override': '86',
      'USDT Bank Buy override': '',
      'Buy fee % override': '0.25',
      'Buy order (INR) minimum override': '500',
      'Buy order (INR) maximum override': '200000',
    });
    expect(sent).toEqual([stored.overrides]);
    await waitFor(() => expect(rowsOf()[0]).toEqual(['Base rate (USDT/INR)', '85', '86', '86Overridden']));
    expect(rowsOf()[1]).toEqual(['USDT Bank Buy', '88.5', '', '88.5']);
    expect(rowsOf()[7]).toEqual(['Buy order (INR)', '100 – 10,00,000', '500|200000', '500 – 2,00,000Overridden']);
    expect(within(card()).getByText('+919900000007')).toBeTruthy();
  });

  it('sends a control override, 0 included, and leaves the empty ones out', async () => {
    const overrides = { rates: { usdt_bank_buy: 90 }, limits: { sellUsdt: { min: 5, max: 5000 } }, controls: { fourEyesAboveInr: 50000, customerDailyInr: 0 } };
    const stored: BrandSettings = {
      ...SETTINGS,
      overrides: { fees: {}, ...overrides },
      effective: { ...SETTINGS.effective, controls: { ...GLOBAL.controls, fourEyesAboveInr: 50000 } },
    };
    const sent = await sentOverrides(stored, {
      'Second admin above (₹) override': '50000',
      // The global daily limit is off already; 0 here keeps it off even if the global one changes.
      'Customer daily limit (₹) override': '0',
      'Customer monthly limit (₹) override': '',
    });
    expect(sent).toEqual([overrides]);
    await waitFor(() => expect(rowsOf()[9]).toEqual(['Second admin above (₹)', '2,00,000', '50000', '50,000Overridden']));
    expect(rowsOf()[11]).toEqual(['Customer monthly limit (₹)', '50,00,000', '', '50,00,000']);
  });

  it('sends a brand’s own choice of what a bank match and a disputed payout do, and none when set back to the Global Settings', async () => {
    const chosen: BrandSettings = { ...SETTINGS, overrides: { ...SETTINGS.overrides, controls: { ...SETTINGS.overrides.controls, bankMatch: 'verify' } } };
    const { calls } = openSaving(chosen, SETTINGS);
    await screen.findByRole('table', { name: 'Brand settings' });
    await userEvent.selectOptions(screen.getByLabelText('Bank statement matches override'), 'Verify exact matches');
    await save();
    expect(await screen.findByText('Brand settings saved')).toBeTruthy();
    expect(callsTo(calls, 'PUT', SETTINGS_PATH).at(-1)!.body).toMatchObject({ controls: { bankMatch: 'verify' } });
    await waitFor(() => expect((screen.getByLabelText('Bank statement matches override') as HTMLSelectElement).value).toBe('verify'));
    await userEvent.selectOptions(screen.getByLabelText('Bank statement matches override'), 'As the Global Settings');
    await save();
    await waitFor(() => expect(callsTo(calls, 'PUT', SETTINGS_PATH)).toHaveLength(2));
    expect((callsTo(calls, 'PUT', SETTINGS_PATH).at(-1)!.body as { controls?: object }).controls ?? {}).not.toHaveProperty('bankMatch');
  });

  it('sends {} when every override is emptied: the brand follows the Global Settings again', async () => {
    const sent = await sentOverrides(
      { ...SETTINGS, overrides: { rates: {}, fees: {}, limits: {}, controls: {} }, effective: GLOBAL },
      {
        'USDT Bank Buy override': '',
        'Sell order (USDT) minimum override': '',
        'Sell order (USDT) maximum override': '',
        'Customer monthly limit (₹) override': '',
      },
    );
    expect(sent).toEqual([{}]);
  });

  it('says what cannot be saved as typed, and sends nothing then or when nothing changed', async () => {
    const { calls } = open();
    await screen.findByRole('table', { name: 'Brand settings' });
    await save();
    expect(await screen.findByText('Nothing to save: no setting was changed')).toBeTruthy();
    await replace('USDT Cash Buy override', '0');
    await replace('Buy order (INR) minimum override', '500');
    await replace('Sell order (USDT) minimum override', '6000');
    await replace('Second admin above (₹) override', '2.5');
    await save();
    expect(within(card()).getByText('Enter a rate above 0, or leave it empty')).toBeTruthy();
    expect(input('USDT Cash Buy override').getAttribute('aria-invalid')).toBe('true');
    expect(within(card()).getByText('Enter both ends, or leave both empty')).toBeTruthy();
    expect(within(card()).getByText('The minimum must not be above the maximum')).toBeTruthy();
    expect(within(card()).getByText('Enter a whole number of rupees (0 or more), or leave it empty')).toBeTruthy();
    expect(input('Second admin above (₹) override').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(calls, 'PUT', SETTINGS_PATH)).toHaveLength(0);
  });

  it("shows the server's refusal under the input it names, and any other as Validation failed: ...", async () => {
    const refusals = [
      { path: 'rates.usdtInr', message: 'Must be at most 100000' },
      { path: '', message: 'Nothing to change: send rates, fees, limits or controls' },
    ];
    const { calls } = open({
      [`PUT ${SETTINGS_PATH}`]: () => ({ status: 400, body: { error: 'validation_error', details: [refusals.shift()!] } }),
    });
    await screen.findByRole('table', { name: 'Brand settings' });
    await replace('Base rate (USDT/INR) override', '200000');
    await save();
    expect(await within(card()).findByText('Must be at most 100000')).toBeTruthy();
    expect(input('Base rate (USDT/INR) override').getAttribute('aria-invalid')).toBe('true');
    expect(within(card()).queryByRole('alert')).toBeNull();
    expect(callsTo(calls, 'PUT', SETTINGS_PATH).map((c) => c.body)).toEqual([
      { rates: { usdtInr: 200000, usdt_bank_buy: 90 }, limits: { sellUsdt: { min: 5, max: 5000 } }, controls: { customerMonthlyInr: 2000000 } },
    ]);
    await replace('Base rate (USDT/INR) override', '90000');
    await save();
    expect((await within(card()).findByRole('alert')).textContent).toBe('Validation failed: Nothing to change: send rates, fees, limits or controls');
    expect(within(card()).queryByText('Must be at most 100000')).toBeNull();
    expect(input('Base rate (USDT/INR) override').getAttribute('aria-invalid')).toBeNull();
  });

  it('says when a brand has no overrides yet', async () => {
    const untouched = {
      ...SETTINGS,
      overrides: { rates: {}, fees: {}, limits: {}, controls: {} },
      effective: GLOBAL,
      overrideRevision: null,
      updatedAt: null,
      updatedBy: null,
    };
    open({ [`GET ${SETTINGS_PATH}`]: untouched });
    expect(await screen.findByText('No overrides yet: this brand follows the Global Settings.')).toBeTruthy();
    expect(within(card()).queryByText('Overridden')).toBeNull();
  });

  it('says when the brand settings cannot be loaded', async () => {
    open({ [`GET ${SETTINGS_PATH}`]: () => ({ status: 500, body: {} }) });
    expect((await within(await screen.findByRole('region', { name: 'Brand settings' })).findByRole('alert')).textContent).toBe('Failed to load brand settings');
  });

  it('says overrides that loosen the brand waits for a second admin, with a link to the request', async () => {
    const answer = waitingAnswer();
    open({ [`PUT ${SETTINGS_PATH}`]: () => answer });
    await within(await screen.findByRole('region', { name: 'Brand settings' })).findByRole('table', { name: 'Brand settings' });
    await replace('Customer monthly limit (₹) override', '9000000');
    await save();
    expect(await within(card()).findByText('Waiting for a second admin')).toBeTruthy();
    expect(within(card()).getByRole('link', { name: 'See the request' }).getAttribute('href')).toBe(`/admin/changes/${answer.body.change._id}`);
    expect(screen.queryByText('Brand settings saved')).toBeNull();
  });
});
