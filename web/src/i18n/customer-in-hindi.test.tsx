// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bankAccount, callsTo, ME, order, wallet } from '../test/fixtures';
import { renderCustomer } from '../features/customer/customer-test-kit';
import { currentLanguage, setLanguage } from './i18n';

afterEach(async () => {
  await setLanguage('en');
});

const LAKH_ORDER = order({ refCode: 'ORD-LAKH', fiatAmount: '150000', amountINR: '150000', cryptoAmount: '1686.44' });

describe('the customer area in Hindi', () => {
  it("follows the account's language (chosen on another browser): the dashboard in Hindi, rupees grouped the Indian way", async () => {
    renderCustomer('/dashboard', { 'GET /api/auth/me': { ...ME, language: 'hi' }, 'GET /api/orders': { orders: [LAKH_ORDER] } });
    expect(await screen.findByRole('heading', { name: 'डैशबोर्ड' })).toBeTruthy();
    expect(currentLanguage()).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    const counts = within(screen.getByRole('region', { name: 'ऑर्डर की गिनती' }));
    await waitFor(() => expect(counts.getByText('कुल ऑर्डर').nextSibling?.textContent).toBe('1'));
    expect(counts.getByText('लंबित').nextSibling?.textContent).toBe('1');
    expect(screen.getByRole('complementary', { name: 'ग्राहक नेविगेशन' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'USDT खरीदें' }).getAttribute('aria-selected')).toBe('true');

    await userEvent.type(screen.getByLabelText('राशि (INR)'), '150000');
    const preview = within(screen.getByLabelText('फ़ीस और रेट का अनुमान'));
    expect(preview.getByText('आप देंगे').nextElementSibling?.textContent).toBe('₹1,50,000');
    expect(preview.getByText('रेट').nextElementSibling?.textContent).toBe('₹88.5 / USDT');
    expect(screen.getByRole('button', { name: 'ऑर्डर बनाएँ' })).toBeTruthy();
    // The specification's English stays out of sight.
    expect(screen.queryByText('Create Order')).toBeNull();
  });

  it('switches from the top bar, keeps the choice with the account, and lists orders in Hindi', async () => {
    const { calls } = renderCustomer('/orders', {
      'GET /api/orders': { orders: [LAKH_ORDER] },
      'PUT /api/auth/language': (body: unknown) => ({ status: 200, body }),
    });
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/api/auth/language')).toHaveLength(0);

    await userEvent.click(within(screen.getByRole('group', { name: 'Language' })).getByRole('button', { name: 'हिन्दी' }));
    expect(await screen.findByRole('heading', { name: 'मेरे ऑर्डर' })).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/language').map((c) => c.body)).toEqual([{ language: 'hi' }]));
    expect(localStorage.getItem('language')).toBe('hi');

    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'स्थिति' })).toBeTruthy();
    const row = within(within(table).getByText('ORD-LAKH').closest('tr')!);
    expect(row.getByText('लंबित')).toBeTruthy();
    expect(row.getByText('₹1,50,000')).toBeTruthy();
    expect(row.getByText('USDT खरीदें')).toBeTruthy();
    // Dates in Hindi, digits Latin: 15 जन॰ 2025.
    expect(row.getByText(/^15 जन॰ 2025/)).toBeTruthy();
    expect(row.getByRole('link', { name: 'ऑर्डर ORD-LAKH का विवरण देखें' })).toBeTruthy();
    const pager = within(screen.getByRole('navigation', { name: 'ऑर्डर के पेज' }));
    expect(pager.getByText('1 में से 1–1 ऑर्डर')).toBeTruthy();
    expect(pager.getByText('पेज 1 / 1')).toBeTruthy();
  });

  it('gives an account that never chose the language chosen on this browser before signing in', async () => {
    await setLanguage('hi');
    const { calls } = renderCustomer('/dashboard', { 'PUT /api/auth/language': (body: unknown) => ({ status: 200, body }) });
    expect(await screen.findByRole('heading', { name: 'डैशबोर्ड' })).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/language').map((c) => c.body)).toEqual([{ language: 'hi' }]));
  });

  it('shows saved wallets and bank accounts in Hindi, their dialogs too', async () => {
    const hindi = { 'GET /api/auth/me': { ...ME, language: 'hi' } };
    renderCustomer('/wallets', { ...hindi, 'GET /api/user/wallets': { wallets: [wallet({ isDefault: false })] } });
    expect(await screen.findByRole('heading', { name: 'USDT वॉलेट' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'डिफ़ॉल्ट बनाएँ' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /^TRC20 पता .* हटाएँ$/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'USDT पता हटाएँ' }));
    expect(dialog.getByRole('button', { name: 'रद्द करें' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'बंद करें' })).toBeTruthy();
    expect(dialog.getByText(/पहले से दिए गए ऑर्डर में यह बना रहेगा/)).toBeTruthy();
    cleanup();

    renderCustomer('/bank-accounts', {
      ...hindi,
      'GET /api/user/bank-accounts': { accounts: [bankAccount({ bankName: 'SBI', accountNumber: '5566778899' })] },
    });
    expect(await screen.findByRole('heading', { name: 'बैंक खाते' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'बैंक खाता जोड़ें' }));
    const form = within(screen.getByRole('dialog', { name: 'बैंक खाता जोड़ें' }));
    await userEvent.click(form.getByRole('button', { name: 'बैंक खाता सेव करें' }));
    expect(form.getByText('कृपया बैंक खाते का पूरा विवरण भरें')).toBeTruthy();
  });

  it('shows the sessions page and the change-password dialog in Hindi', async () => {
    renderCustomer('/dashboard/sessions', {
      'GET /api/auth/me': { ...ME, language: 'hi' },
      'GET /api/auth/sessions': {
        sessions: [
          {
            id: 's1',
            current: true,
            method: 'otp',
            startedAt: '2025-01-15T10:00:00.000Z',
            lastSeenAt: '2025-01-15T10:00:00.000Z',
            expiresAt: '2025-01-22T10:00:00.000Z',
            ip: '198.51.100.1',
            userAgent: 'Mozilla/5.0',
          },
        ],
      },
    });
    expect(await screen.findByRole('heading', { name: 'सत्र', level: 1 })).toBeTruthy();
    expect(await screen.findByText('यह डिवाइस')).toBeTruthy();
    expect(screen.getByText(/SMS से भेजा गया कोड/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /खाता मेन्यू/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'पासवर्ड बदलें' }));
    const dialog = within(screen.getByRole('dialog', { name: 'पासवर्ड बदलें' }));
    await userEvent.click(dialog.getByRole('button', { name: 'पासवर्ड बदलें' }));
    expect(dialog.getByText('मौजूदा पासवर्ड ज़रूरी है')).toBeTruthy();
    expect(dialog.getByLabelText('नया पासवर्ड')).toBeTruthy();
  });
});
