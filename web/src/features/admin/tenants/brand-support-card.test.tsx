// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fixtures';
import { renderAdmin } from '../layout/admin-test-kit';

const DASHBOARD = {
  stats: { totalOrders: 0, pendingOrders: 0, completedOrders: 0, totalUsers: 0, todayOrders: 0, totalVolume: '0' },
  recentOrders: [],
  daily: [],
};
const STORED = { tenantId: 't-2', name: 'Beta Desk', supportPhone: '+91 98765 43210', supportEmail: null, supportWhatsApp: null, supportHours: '24/7' };
const URL = '/api/admin/brands/t-2/support-contact';

describe("a brand admin's support contact card (decision 0035)", () => {
  it("shows the brand's contact on the brand admin's dashboard and saves it, empty fields clearing theirs", async () => {
    const { calls } = renderAdmin(
      '/admin/dashboard',
      {
        'GET /api/admin/dashboard': DASHBOARD,
        [`GET ${URL}`]: STORED,
        [`PUT ${URL}`]: (body: unknown) => ({ status: 200, body: { ...STORED, ...(body as object), message: 'Support contact saved' } }),
      },
      { as: 'brand' },
    );
    const card = within(await screen.findByRole('form', { name: "Your brand's support contact" }));
    expect(((await card.findByLabelText('Support phone')) as HTMLInputElement).value).toBe('+91 98765 43210');
    await userEvent.clear(card.getByLabelText('Support phone'));
    await userEvent.type(card.getByLabelText('Support email'), ' help@beta.example ');
    await userEvent.click(card.getByRole('button', { name: 'Save support contact' }));
    expect(await screen.findByText('Support contact saved')).toBeTruthy();
    expect(callsTo(calls, 'PUT', URL).map((c) => c.body)).toEqual([
      { supportPhone: '', supportEmail: 'help@beta.example', supportWhatsApp: '', supportHours: '24/7' },
    ]);
  });

  it("shows the server's refusal under the field it names", async () => {
    renderAdmin(
      '/admin/dashboard',
      {
        'GET /api/admin/dashboard': DASHBOARD,
        [`GET ${URL}`]: STORED,
        [`PUT ${URL}`]: () => ({
          status: 400,
          body: {
            error: 'validation_error',
            details: [{ path: 'supportWhatsApp', message: 'WhatsApp link must look like https://wa.me/919876543210 (the number with its country code)' }],
          },
        }),
      },
      { as: 'brand' },
    );
    const card = within(await screen.findByRole('form', { name: "Your brand's support contact" }));
    await userEvent.type(await card.findByLabelText('WhatsApp link'), 'https://example.com');
    await userEvent.click(card.getByRole('button', { name: 'Save support contact' }));
    const message = await card.findByText(/WhatsApp link must look like/);
    expect(card.getByLabelText('WhatsApp link').getAttribute('aria-describedby')).toContain(message.id);
    expect(card.queryByRole('alert')).toBeNull();
  });

  it('is not on an operator admin’s dashboard: they use the tenant form', async () => {
    const { calls } = renderAdmin('/admin/dashboard', { 'GET /api/admin/dashboard': DASHBOARD });
    await screen.findByRole('navigation', { name: 'Quick Actions' });
    expect(screen.queryByRole('form', { name: "Your brand's support contact" })).toBeNull();
    expect(calls.some((c) => c.path.includes('support-contact'))).toBe(false);
  });
});
