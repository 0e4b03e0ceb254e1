// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LandingPage } from '../features/public/landing-page';
import { fakeApi, PUBLIC_CONFIG, renderWithApp } from '../test/render';
import { currentLanguage, setLanguage } from './i18n';

afterEach(async () => {
  cleanup();
  await setLanguage('en');
  localStorage.clear();
});

function renderLanding() {
  fakeApi({ 'GET /api/config/public': { ...PUBLIC_CONFIG, rates: { ...PUBLIC_CONFIG.rates, usdt_bank_buy: 123456.75 } } });
  return renderWithApp(<LandingPage />);
}

describe('the landing in Hindi', () => {
  it('reads in Hindi, with rupees grouped the Indian way, and <html lang> says so', async () => {
    await setLanguage('hi');
    renderLanding();
    expect(await screen.findByRole('heading', { name: 'INR से USDT खरीदें और बेचें' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'अभी खरीदें' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'लॉग इन' })).toBeTruthy();
    const rates = screen.getByRole('heading', { name: 'लाइव रेट' }).parentElement!;
    expect(await within(rates).findByText('USDT बैंक खरीद')).toBeTruthy();
    expect(within(rates).getAllByText('₹1,23,456.75').length).toBe(2); // its card and the table
    expect(screen.getByRole('rowheader', { name: 'बैंक से USDT' })).toBeTruthy();
    expect(screen.getByText('यह कैसे काम करता है')).toBeTruthy();
    expect(document.documentElement.lang).toBe('hi');
    expect(screen.queryByText('Buy and sell USDT with INR')).toBeNull();
  });

  it('switches from English to Hindi and back with the switch, remembered on this browser', async () => {
    renderLanding();
    expect(await screen.findByRole('heading', { name: 'Buy and sell USDT with INR' })).toBeTruthy();
    const switcher = screen.getByRole('group', { name: 'Language' });
    expect(within(switcher).getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(within(switcher).getByRole('button', { name: 'हिन्दी' }));
    expect(await screen.findByRole('heading', { name: 'INR से USDT खरीदें और बेचें' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'भाषा' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'हिन्दी' }).getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('language')).toBe('hi');
    expect(currentLanguage()).toBe('hi');

    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Buy and sell USDT with INR' })).toBeTruthy();
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
