// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fixtures';
import { renderCompliance } from '../layout/compliance-test-kit';
import { parseOrderIds } from './export-form';

const LINK = { url: '/api/compliance/exports/ex-1?exp=99&sig=s1', expiresAt: '2025-01-15T10:10:00.000Z', eventCount: 12, streamCount: 2 };
const created = () => ({ status: 201, body: LINK });

describe('exports', () => {
  it('exports chosen orders by reference or id (one a line or comma separated) and shows the link, its expiry and counts', async () => {
    const { calls } = renderCompliance('/compliance/exports', { 'POST /api/compliance/exports': created });
    const form = await screen.findByRole('form', { name: 'New export' });
    await userEvent.type(within(form).getByLabelText('Orders'), 'ORD-7K2M9QX4TB\nord-3hj8w2n6pd, 00000000-0000-4000-8000-000000000001\nORD-7K2M9QX4TB');
    await userEvent.click(within(form).getByRole('button', { name: 'Create export' }));
    expect((await screen.findByRole('link', { name: 'Download export' })).getAttribute('href')).toBe(LINK.url);
    expect(callsTo(calls, 'POST', '/api/compliance/exports').map((c) => c.body)).toEqual([
      { orderIds: ['ORD-7K2M9QX4TB', 'ord-3hj8w2n6pd', '00000000-0000-4000-8000-000000000001'] },
    ]);
    const result = screen.getByRole('status');
    expect(result.textContent).toContain('12');
    expect(result.textContent).toContain('15 Jan 2025');
  });

  it('exports a time window of one brand, chosen by name', async () => {
    const { calls } = renderCompliance('/compliance/exports', { 'POST /api/compliance/exports': created });
    const form = await screen.findByRole('form', { name: 'New export' });
    await userEvent.click(within(form).getByRole('radio', { name: 'A time window' }));
    await userEvent.type(within(form).getByLabelText('From'), '2025-01-15T00:00:00');
    await userEvent.type(within(form).getByLabelText('To'), '2025-01-16T00:00:00');
    await userEvent.selectOptions(within(form).getByLabelText('Brand'), 'Beta Desk');
    await userEvent.click(within(form).getByRole('button', { name: 'Create export' }));
    await screen.findByRole('link', { name: 'Download export' });
    expect(callsTo(calls, 'POST', '/api/compliance/exports').map((c) => c.body)).toEqual([
      { from: new Date('2025-01-15T00:00:00').toISOString(), to: new Date('2025-01-16T00:00:00').toISOString(), tenantId: 't-2' },
    ]);
  });

  it('asks for orders or a window before calling, and shows what the server refused', async () => {
    const { calls } = renderCompliance('/compliance/exports', {
      'POST /api/compliance/exports': () => ({
        status: 400,
        body: { error: 'validation_error', details: [{ path: 'orderIds.0', message: 'No order ORD-ZZZZZZZZZZ in your scope' }] },
      }),
    });
    const form = await screen.findByRole('form', { name: 'New export' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create export' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter at least one order reference or id');
    expect(callsTo(calls, 'POST', '/api/compliance/exports')).toHaveLength(0);
    await userEvent.type(within(form).getByLabelText('Orders'), 'ORD-ZZZZZZZZZZ');
    await userEvent.click(within(form).getByRole('button', { name: 'Create export' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Validation failed: No order ORD-ZZZZZZZZZZ in your scope');
  });

  it("shows the signing key's fingerprint and how to verify an export", async () => {
    renderCompliance('/compliance/exports');
    const card = await screen.findByRole('region', { name: 'Signing key' });
    expect(await within(card).findByText('sha256:ab12cd')).toBeTruthy();
    expect(within(card).getByText('ed25519')).toBeTruthy();
    expect(card.textContent).toContain('npm run audit -- verify audit-export-<id>.jsonl');
  });

  it('reads order ids one a line, comma or space separated, each once', () => {
    expect(parseOrderIds(' a\nb,c ,, d\n\na ')).toEqual(['a', 'b', 'c', 'd']);
  });
});
