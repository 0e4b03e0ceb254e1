// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { LandingPage } from './landing-page';
import { fakeApi, PUBLIC_CONFIG, renderWithApp } from '../../test/render';

afterEach(cleanup);

function withRates(rates: Record<string, number | null>, brand: { logoUrl?: string | null } = {}) {
  fakeApi({ 'GET /api/config/public': { ...PUBLIC_CONFIG, rates: { usdtInr: 85, ...rates }, brand: { ...PUBLIC_CONFIG.brand, ...brand } } });
  renderWithApp(<LandingPage />);
}

const rateCards = () =>
  within(screen.getByRole('heading', { name: 'Live rates' }).parentElement!)
    .queryAllByRole('listitem')
    .map((card) => card.textContent);
const tableRow = (label: string) =>
  Array.from(screen.getByRole('rowheader', { name: label }).parentElement!.querySelectorAll('td')).map((cell) => cell.textContent);

describe('landing page', () => {
  it('shows the tenant brand, its colour and the default logo when it has none', async () => {
    fakeApi({ 'GET /api/config/public': PUBLIC_CONFIG });
    renderWithApp(<LandingPage />);
    expect((await screen.findByText('Test Desk')).tagName).toBe('H1');
    expect(screen.getByRole('img', { name: 'Test Desk logo' }).getAttribute('src')).toBe('/default-logo.svg');
    expect(document.documentElement.style.getPropertyValue('--brand')).toBe('#123456');
  });

  it("shows the tenant's own logo when it has one", async () => {
    withRates({}, { logoUrl: '/api/files/logo-1' });
    expect((await screen.findByRole('img', { name: 'Test Desk logo' })).getAttribute('src')).toBe('/api/files/logo-1');
  });

  it('shows a rate card only for rates above 0, in rupees', async () => {
    fakeApi({ 'GET /api/config/public': PUBLIC_CONFIG });
    renderWithApp(<LandingPage />);
    await screen.findByRole('table');
    expect(rateCards()).toEqual(['USDT Bank Buy₹88.5', 'USDT Bank Sell₹86', 'USDT Cash Sell₹87']);
  });

  it('shows no cards and a dash in the table for every unset rate', async () => {
    withRates({ usdt_bank_buy: 0, usdt_bank_sell: null, usdt_cash_buy: -1, usdt_cash_sell: 1234567.5 });
    await screen.findByRole('table');
    expect(rateCards()).toEqual(['USDT Cash Sell₹12,34,567.5']);
    expect(tableRow('USDT by Bank')).toEqual(['—', '—']);
    expect(tableRow('USDT by Cash')).toEqual(['—', '₹12,34,567.5']);
  });

  it('lays the table out as Bank and Cash rows with Buy and Sell columns', async () => {
    fakeApi({ 'GET /api/config/public': PUBLIC_CONFIG });
    renderWithApp(<LandingPage />);
    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rate', 'Buy', 'Sell']);
    expect(tableRow('USDT by Bank')).toEqual(['₹88.5', '₹86']);
    expect(tableRow('USDT by Cash')).toEqual(['—', '₹87']);
  });

  it('links to login and register, and Buy now / Sell now go to /login', async () => {
    fakeApi({ 'GET /api/config/public': PUBLIC_CONFIG });
    renderWithApp(<LandingPage />);
    await screen.findByRole('table');
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Login')).toBe('/login');
    expect(href('Register')).toBe('/register');
    expect(href('Buy now')).toBe('/login');
    expect(href('Sell now')).toBe('/login');
  });

  it('has the support promises in the footer', async () => {
    fakeApi({ 'GET /api/config/public': PUBLIC_CONFIG });
    renderWithApp(<LandingPage />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('24/7 support')).toBeTruthy();
    expect(within(footer).getByText('Response under 5 minutes')).toBeTruthy();
  });

  it('says so when the rates cannot be loaded', async () => {
    fakeApi({ 'GET /api/config/public': () => ({ status: 503, body: { error: 'down' } }) });
    renderWithApp(<LandingPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Rates are unavailable right now. Please try again later.');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
