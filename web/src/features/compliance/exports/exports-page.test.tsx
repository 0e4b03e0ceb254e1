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
  it('exports chosen orders (one a line or comma separated) and shows the link, its expiry and counts', async () => {
    const { calls } = renderCompliance('/compliance/exports', { 'POST /api/compliance/exports': created });
    const form = await screen.findByRole('form', { name: 'New export' });
    await userEvent.type(within(form).getByLabelText('Order ids'), 'id-1\nid-2, id-3\nid-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Create export' }));
    expect((await screen.findByRole('link', { name: 'Download export' })).getAttribute('href')).toBe(LINK.url);
    expect(callsTo(calls, 'POST', '/api/compliance/exports').map((c) => c.body)).toEqual([{ orderIds: ['id-1', 'id-2', 'id-3'] }]);
    const result = screen.getByRole('status');
    expect(result.textContent).toContain('12');
    expect(result.textContent).toContain('15 Jan 2025');
  });

  it('exports a time window of one brand', async () => {
    const { calls } = renderCompliance('/compliance/exports', { 'POST /api/compliance/exports': created });
    const form = await screen.findByRole('form', { name: 'New export' });
    await userEvent.click(within(form).getByRole('radio', { name: 'A time window' }));
    await userEvent.type(within(form).getByLabelText('From'), '2025-01-15T00:00:00');
    await userEvent.type(within(form).getByLabelText('To'), '2025-01-16T00:00:00');
    await userEvent.type(within(form).getByLabelText('Brand (tenant id)'), 't-2');
    await userEvent.click(within(form).getByRole('button', { name: 'Create export' }));
    await screen.findByRole('link', { name: 'Download export' });
    expect(callsTo(calls, 'POST', '/api/compliance/exports').map((c) => c.body)).toEqual([
      { from: new Date('2025-01-15T00:00:00').toISOString(), to: new Date('2025-01-16T00:00:00').toISOString(), tenantId: 't-2' },
    ]);
  });

  it('asks for orders or a window before calling, and shows what the server refused', async () => {
    const { calls } = renderCompliance('/compliance/exports', {
      'POST /api/compliance/exports': () => ({ status: 400, body: { error: 'validation_error', details: [{ path: 'orderIds', message: 'Too many orders' }] } }),
    });
    const form = await screen.findByRole('form', { name: 'New export' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create export' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter at least one order id');
    expect(callsTo(calls, 'POST', '/api/compliance/exports')).toHaveLength(0);
    await userEvent.type(within(form).getByLabelText('Order ids'), 'id-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Create export' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Validation failed: Too many orders');
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
