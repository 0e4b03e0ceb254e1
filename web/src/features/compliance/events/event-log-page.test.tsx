// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoggedEvent } from '../compliance-api';
import { lastQuery, OFFICER_ME, renderCompliance } from '../layout/compliance-test-kit';

function logged(position: number, overrides: Partial<LoggedEvent> = {}): LoggedEvent {
  return {
    position: String(position),
    streamId: 'order-00000000-0000-4000-8000-000000000001',
    streamPosition: position,
    eventId: `e-${position}`,
    type: 'OrderCompleted',
    recordedAt: '2025-01-15T10:10:00.010Z',
    tenantId: 'default',
    actor: { id: 'admin-1', role: 'admin', phone: null, username: null },
    ip: '198.51.100.4',
    userAgent: 'Firefox/128',
    correlationId: `c-${position}`,
    clientRequestId: null,
    acceptedAt: '2025-01-15T10:10:00.000Z',
    data: { cryptoReference: `0xabc${position}` },
    ...overrides,
  };
}

const rows = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);

describe('event log', () => {
  it('lists events newest first and loads older ones with the cursor', async () => {
    const { calls } = renderCompliance('/compliance/events', {
      'GET /api/compliance/events': (_body: unknown, url: URL) =>
        url.searchParams.get('before') === '120'
          ? { status: 200, body: { events: [logged(100)], nextBefore: null } }
          : { status: 200, body: { events: [logged(130), logged(120)], nextBefore: '120' } },
    });
    await screen.findByRole('table', { name: 'Events' });
    expect(rows('Events')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(rows('Events')).toHaveLength(3));
    expect(lastQuery(calls, '/api/compliance/events')).toEqual({ before: '120' });
    expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull();
    expect(screen.getByText('The beginning of the log')).toBeTruthy();
  });

  it('sends every filter, times as ISO', async () => {
    const { calls, router } = renderCompliance('/compliance/events', { 'GET /api/compliance/events': { events: [logged(1)], nextBefore: null } });
    const form = await screen.findByRole('form', { name: 'Events filters' });
    await userEvent.type(within(form).getByLabelText('Actor id'), 'admin-1');
    await userEvent.type(within(form).getByLabelText('IP'), '198.51.100.4');
    await userEvent.selectOptions(within(form).getByLabelText('Event'), 'Order completed');
    await userEvent.type(within(form).getByLabelText('Stream'), 'order-x');
    await userEvent.type(within(form).getByLabelText('From'), '2025-01-15T00:00:00');
    await userEvent.type(within(form).getByLabelText('To'), '2025-01-16T00:00:00');
    await userEvent.selectOptions(within(form).getByLabelText('Brand'), 'Beta Desk');
    await userEvent.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(lastQuery(calls, '/api/compliance/events')).toEqual({
        actorId: 'admin-1',
        ip: '198.51.100.4',
        type: 'OrderCompleted',
        stream: 'order-x',
        from: new Date('2025-01-15T00:00:00').toISOString(),
        to: new Date('2025-01-16T00:00:00').toISOString(),
        tenantId: 't-2',
      }),
    );
    expect(router.state.location.search).toContain('actorId=admin-1');
  });

  it('clears every filter: the form, the address and the call', async () => {
    const { calls, router } = renderCompliance('/compliance/events?actorId=admin-1&ip=198.51.100.4', {
      'GET /api/compliance/events': { events: [logged(1)], nextBefore: null },
    });
    const form = await screen.findByRole('form', { name: 'Events filters' });
    await waitFor(() => expect(lastQuery(calls, '/api/compliance/events')).toEqual({ actorId: 'admin-1', ip: '198.51.100.4' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(lastQuery(calls, '/api/compliance/events')).toEqual({}));
    expect(router.state.location.search).toBe('');
    const cleared = screen.getByRole('form', { name: 'Events filters' });
    expect(within(cleared).getByLabelText<HTMLInputElement>('Actor id').value).toBe('');
  });

  it("opens a row to show the event's data and metadata", async () => {
    renderCompliance('/compliance/events', { 'GET /api/compliance/events': { events: [logged(7)], nextBefore: null } });
    const open = await screen.findByRole('button', { name: 'Show the record of Order completed at position 7' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByLabelText('Data of OrderCompleted').textContent).toContain('"cryptoReference": "0xabc7"');
    const meta = screen.getByLabelText('Metadata of OrderCompleted').textContent;
    expect(meta).toContain('"reportedUserAgent": "Firefox/128"');
    expect(meta).toContain('"correlationId": "c-7"');
    await userEvent.click(screen.getByRole('button', { name: 'Hide the record of Order completed at position 7' }));
    expect(screen.queryByLabelText('Data of OrderCompleted')).toBeNull();
  });

  it('offers no brand filter to a brand officer', async () => {
    renderCompliance('/compliance/events', { 'GET /api/auth/me': { ...OFFICER_ME, tenantId: 't-2' } });
    await screen.findByRole('form', { name: 'Events filters' });
    expect(screen.queryByLabelText('Brand')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Brand' })).toBeNull();
  });

  it('names each event and its brand in words, and offers events and brands by name', async () => {
    renderCompliance('/compliance/events', {
      'GET /api/compliance/events': { events: [logged(3, { type: 'PaymentMatched', tenantId: 't-2' }), logged(2)], nextBefore: null },
    });
    await screen.findByRole('table', { name: 'Events' });
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rows('Events')[0]!)).toEqual(expect.arrayContaining(['Matched to a bank statement line', 'Beta Desk']));
    expect(cells(rows('Events')[1]!)).toEqual(expect.arrayContaining(['Order completed', 'Operator Desk']));
    expect(screen.queryByText('PaymentMatched')).toBeNull();
    const form = screen.getByRole('form', { name: 'Events filters' });
    const brands = [...(within(form).getByLabelText('Brand') as HTMLSelectElement).options].map((o) => o.text);
    expect(brands).toEqual(['Every brand', 'Alpha Desk', 'Beta Desk', 'Operator Desk']);
    const events = [...(within(form).getByLabelText('Event') as HTMLSelectElement).options].map((o) => o.text);
    expect(events).toContain('Payment verified');
    expect(events.filter((e) => /^[A-Z][a-z]+[A-Z]/.test(e))).toEqual([]);
  });
});

describe('access trail', () => {
  it('lists ComplianceAccessed events, filtered by actor and time', async () => {
    const accessed = logged(9, {
      type: 'ComplianceAccessed',
      streamId: 'access-officer-1',
      actor: { id: 'officer-1', role: 'compliance', phone: '+919900000007', username: null },
      data: { view: 'order_replay', orderId: 'o-1', resultCount: 4 },
    });
    const { calls } = renderCompliance('/compliance/access', { 'GET /api/compliance/access': { events: [accessed], nextBefore: null } });
    await screen.findByRole('table', { name: 'Access events' });
    expect(rows('Access events')[0]!.textContent).toContain('Compliance · +919900000007');
    expect(rows('Access events')[0]!.textContent).toContain("Compliance view opened: an order's timeline");
    const form = screen.getByRole('form', { name: 'Access events filters' });
    expect(within(form).getAllByRole('textbox').length + form.querySelectorAll('input[type="datetime-local"]').length).toBe(3);
    await userEvent.type(within(form).getByLabelText('Actor id'), 'officer-1');
    await userEvent.type(within(form).getByLabelText('From'), '2025-01-15T00:00:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(lastQuery(calls, '/api/compliance/access')).toEqual({ actorId: 'officer-1', from: new Date('2025-01-15T00:00:00').toISOString() }),
    );
  });
});
