// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { currentPagesIn, linksIn } from '../test/fixtures';
import { renderAdmin } from '../features/admin/layout/admin-test-kit';
import { renderCompliance } from '../features/compliance/layout/compliance-test-kit';

const ORDER = '00000000-0000-4000-8000-000000000001';

// The admin and compliance desks share one shell (decision 0038): its sidebar links each desk's screens
// and marks the one open, an order's own page under Orders (one table, not a copy per desk).
describe("a desk's sidebar", () => {
  it.each([
    {
      desk: 'admin',
      nav: 'Admin navigation',
      open: () => renderAdmin(`/admin/orders/${ORDER}`),
      links: [
        ['Dashboard', '/admin/dashboard'],
        ['Orders', '/admin/orders'],
        ['Users', '/admin/users'],
        ['Reconciliation', '/admin/reconciliation'],
        ['Books', '/admin/books'],
        ['Webhooks', '/admin/webhooks'],
        ['Pending changes', '/admin/changes'],
        ['Settings', '/admin/settings'],
        ['Tenants', '/admin/tenants'],
        ['Projections', '/admin/projections'],
        ['Sessions', '/admin/sessions'],
      ],
    },
    {
      desk: 'compliance',
      nav: 'Compliance navigation',
      open: () =>
        renderCompliance(`/compliance/orders/${ORDER}`, {
          [`GET /api/compliance/orders/${ORDER}/replay`]: () => ({ status: 404, body: { error: 'Order not found' } }),
        }),
      links: [
        ['Orders', '/compliance'],
        ['Event Log', '/compliance/events'],
        ['Access Trail', '/compliance/access'],
        ['Exports', '/compliance/exports'],
        ['Desk changes', '/compliance/changes'],
        ['Books', '/compliance/books'],
        ['Sessions', '/compliance/sessions'],
      ],
    },
  ])('links every $desk screen and marks Orders on an order of its own', async ({ nav: name, open, links }) => {
    open();
    const nav = await screen.findByRole('complementary', { name });
    expect(linksIn(nav)).toEqual(links);
    expect(currentPagesIn(nav)).toEqual(['Orders']);
  });
});
