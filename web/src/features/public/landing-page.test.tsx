// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LandingPage } from './landing-page';
import { fakeApi, PUBLIC_CONFIG, renderWithApp } from '../../test/render';
import { ME } from '../../test/fixtures';
import { QUOTE_ROUNDING } from '../../components/quote/quote-preview';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const NO_CONTACT = PUBLIC_CONFIG.brand.support;
type Contact = { phone: string | null; email: string | null; whatsappUrl: string | null; hours: string | null };
type ConfigPatch = { rates?: Record<string, number | null>; fees?: Record<string, number>; brand?: { logoUrl?: string; support?: Contact } };

function renderLanding(patch: ConfigPatch = {}, table: Parameters<typeof fakeApi>[0] = {}) {
  const config = { ...PUBLIC_CONFIG, ...patch, brand: { ...PUBLIC_CONFIG.brand, ...patch.brand } };
  const api = fakeApi({ 'GET /api/config/public': config, ...table });
  return { ...api, ...renderWithApp(<LandingPage />) };
}

const rateCards = () =>
  within(screen.getByRole('heading', { name: 'Live rates' }).parentElement!)
    .queryAllByRole('listitem')
    .map((card) => card.textContent);
const tableRow = (label: string) =>
  Array.from(screen.getByRole('rowheader', { name: label }).parentElement!.querySelectorAll('td')).map((cell) => cell.textContent);
const calculator = () => within(screen.getByRole('form', { name: 'Calculator' }));
/** The calculator comes with the visitor's first move on the page (here: its button). */
async function openCalculator() {
  await userEvent.click(await screen.findByRole('button', { name: 'Open the calculator' }));
  await screen.findByRole('form', { name: 'Calculator' });
}
const preview = () => within(screen.getByLabelText('Fee and rate preview'));
const line = (label: string) => preview().getByText(label).nextElementSibling?.textContent;

describe('landing page', () => {
  it('shows the tenant brand, its colour and the default logo when it has none', async () => {
    renderLanding();
    expect((await screen.findByText('Test Desk')).tagName).toBe('H1');
    expect(screen.getByRole('img', { name: 'Test Desk logo' }).getAttribute('src')).toBe('/default-logo.svg');
    expect(document.documentElement.style.getPropertyValue('--brand')).toBe('#123456');
  });

  it("shows the tenant's own logo when it has one", async () => {
    renderLanding({ brand: { logoUrl: '/api/files/logo-1' } });
    expect((await screen.findByRole('img', { name: 'Test Desk logo' })).getAttribute('src')).toBe('/api/files/logo-1');
  });

  it('shows a rate card only for rates above 0, in rupees', async () => {
    renderLanding();
    await screen.findByRole('table');
    expect(rateCards()).toEqual(['USDT Bank Buy₹88.5', 'USDT Bank Sell₹86', 'USDT Cash Sell₹87']);
  });

  it('shows the rate customers trade at for every unset rate: usdtInr, then 85, never a dash', async () => {
    renderLanding({ rates: { usdtInr: 84.5, usdt_bank_buy: 0, usdt_bank_sell: null, usdt_cash_buy: -1, usdt_cash_sell: 1234567.5 } });
    await screen.findByRole('table');
    expect(rateCards()).toEqual(['USDT Cash Sell₹12,34,567.5']);
    expect(tableRow('USDT by Bank')).toEqual(['₹84.5', '₹84.5']);
    expect(tableRow('USDT by Cash')).toEqual(['₹84.5', '₹12,34,567.5']);
    cleanup();
    renderLanding({ rates: { usdtInr: 0, usdt_bank_buy: 0, usdt_bank_sell: 0, usdt_cash_buy: 0, usdt_cash_sell: 0 } });
    await screen.findByRole('table');
    expect(rateCards()).toEqual([]);
    expect(tableRow('USDT by Bank')).toEqual(['₹85', '₹85']);
    expect(tableRow('USDT by Cash')).toEqual(['₹85', '₹85']);
    expect(screen.queryByText('—')).toBeNull();
  });

  it('lays the table out as Bank and Cash rows with Buy and Sell columns', async () => {
    renderLanding();
    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rate', 'Buy', 'Sell']);
    expect(tableRow('USDT by Bank')).toEqual(['₹88.5', '₹86']);
    expect(tableRow('USDT by Cash')).toEqual(['₹85', '₹87']);
  });

  it('links to login and register, and Buy now / Sell now go to /login', async () => {
    renderLanding();
    await screen.findByRole('table');
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Login')).toBe('/login');
    expect(href('Register')).toBe('/register');
    expect(href('Buy now')).toBe('/login');
    expect(href('Sell now')).toBe('/login');
  });

  it('has the support promises in the footer, and no contact when the brand gave none', async () => {
    renderLanding();
    await screen.findByRole('table');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('24/7 support')).toBeTruthy();
    expect(within(footer).getByText('Response under 5 minutes')).toBeTruthy();
    expect(within(footer).queryByText(/Contact support/)).toBeNull();
    expect(within(footer).queryAllByRole('link')).toEqual([]);
    expect(NO_CONTACT).toEqual({ phone: null, email: null, whatsappUrl: null, hours: null });
  });

  it("shows the brand's support contact, only the parts it gave, as links", async () => {
    renderLanding({ brand: { support: { phone: '+91 98765 43210', email: null, whatsappUrl: 'https://wa.me/919876543210', hours: null } } });
    const contact = within(await screen.findByLabelText('Support contact'));
    expect(contact.getByRole('link', { name: '+91 98765 43210' }).getAttribute('href')).toBe('tel:+919876543210');
    expect(contact.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe('https://wa.me/919876543210');
    expect(contact.getAllByRole('link')).toHaveLength(2);
  });

  it('says so when the rates cannot be loaded', async () => {
    fakeApi({ 'GET /api/config/public': () => ({ status: 503, body: { error: 'down' } }) });
    renderWithApp(<LandingPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Rates are unavailable right now. Please try again later.');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Calculator' })).toBeNull();
  });
});

describe('landing calculator', () => {
  it("comes with the visitor's first move on the page, not with the page", async () => {
    renderLanding();
    await screen.findByRole('table');
    expect(screen.getByRole('heading', { name: 'Calculator' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Calculator' })).toBeNull();
    fireEvent.pointerMove(window);
    expect(await screen.findByRole('form', { name: 'Calculator' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open the calculator' })).toBeNull();
  });

  it("previews a buy as the customer's buy card does: rate, fee, gross, fee and net, rounded as the order records it", async () => {
    renderLanding();
    await openCalculator();
    await userEvent.type(calculator().getByLabelText('Amount (INR)'), '10000');
    // 10000 / 88.5 = 112.994... cut to 112.99; 0.5% of it is 0.56495, charged as 0.57 (pricing.ts).
    expect(await preview().findByText('112.99 USDT')).toBeTruthy();
    expect(line('Rate')).toBe('₹88.5 / USDT');
    expect(line('Fee')).toBe('0.5%');
    expect(line('You pay')).toBe('₹10,000');
    expect(line('Fee (USDT)')).toBe('0.57 USDT');
    expect(line('You receive')).toBe('112.42 USDT');
    expect(screen.getByText(QUOTE_ROUNDING)).toBeTruthy();
  });

  it('follows the method and the fallbacks, and previews a sell in rupees', async () => {
    renderLanding({
      rates: { usdtInr: 85, usdt_bank_buy: 0, usdt_bank_sell: 86, usdt_cash_buy: 0, usdt_cash_sell: 87 },
      fees: { fiatToCryptoPercent: 0, cryptoToFiatPercent: 1 },
    });
    await openCalculator();
    await userEvent.type(calculator().getByLabelText('Amount (INR)'), '25000');
    expect(await preview().findAllByText('294.11 USDT')).toHaveLength(2);
    expect(line('Rate')).toBe('₹85 / USDT');

    await userEvent.click(calculator().getByLabelText('Sell USDT (get INR)'));
    await userEvent.click(calculator().getByLabelText('Cash'));
    await userEvent.type(calculator().getByLabelText('Amount (USDT)'), '100');
    // 100 × 87 = 8,700; 1% = 87; net 8,613.
    expect(await preview().findByText('₹8,613')).toBeTruthy();
    expect(line('Rate')).toBe('₹87 / USDT');
    expect(line('Gross INR')).toBe('₹8,700');
    expect(line('Fee (INR)')).toBe('₹87');
  });

  it('says what is wrong with the amount and previews nothing then', async () => {
    renderLanding();
    await openCalculator();
    await userEvent.type(calculator().getByLabelText('Amount (INR)'), '10.5');
    expect(calculator().getByText('INR amount must be a whole number')).toBeTruthy();
    expect(line('You receive')).toBe('-');
  });
});

describe('landing: how it works, hours and limits', () => {
  it('shows three steps, the per-order limits, and the hours only when the brand gave them', async () => {
    renderLanding({ brand: { support: { ...NO_CONTACT, hours: 'Every day, 9 am to 9 pm IST' } } });
    await screen.findByRole('table');
    const steps = within(screen.getByRole('heading', { name: 'How it works' }).parentElement!).getAllByRole('heading', { level: 3 });
    expect(steps.map((h) => h.textContent)).toEqual(['Create your account', 'Place your order', 'Pay and receive']);
    const facts = within(screen.getByRole('heading', { name: 'Hours and limits' }).parentElement!);
    expect(facts.getByText('Every day, 9 am to 9 pm IST')).toBeTruthy();
    expect(facts.getByText('₹100 to ₹10,00,000')).toBeTruthy();
    expect(facts.getByText('1 to 12,000 USDT')).toBeTruthy();
    cleanup();
    renderLanding();
    await screen.findByRole('table');
    expect(screen.queryByText('Support hours')).toBeNull();
    expect(screen.getByText('₹100 to ₹10,00,000')).toBeTruthy();
  });
});

describe('landing when signed in', () => {
  it('says who is signed in and leads a customer to their dashboard instead of Login and Register (where sign-up lands)', async () => {
    localStorage.setItem('token', 'test-token');
    renderLanding({}, { 'GET /api/auth/me': ME });
    const account = within(await screen.findByRole('navigation', { name: 'Account' }));
    expect(await account.findByText('asha')).toBeTruthy();
    expect(account.getByText(/Signed in as/)).toBeTruthy();
    expect(account.getByRole('link', { name: 'Go to my dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(account.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(account.queryByRole('link', { name: 'Register' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Buy now' }).getAttribute('href')).toBe('/dashboard');
  });

  it('leads an admin to the admin dashboard', async () => {
    localStorage.setItem('token', 'test-token');
    renderLanding({}, { 'GET /api/auth/me': { ...ME, username: 'ops', roles: ['admin'] } });
    expect((await screen.findByRole('link', { name: 'Go to admin dashboard' })).getAttribute('href')).toBe('/admin/dashboard');
  });

  it('offers Login and Register again when the stored sign-in is no longer taken', async () => {
    localStorage.setItem('token', 'stale-token');
    renderLanding({}, { 'GET /api/auth/me': () => ({ status: 401, body: { error: 'Unauthorized' } }) });
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByText(/Signed in as/)).toBeNull();
  });
});
