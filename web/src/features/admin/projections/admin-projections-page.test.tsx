// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fixtures';
import { fakeApi, renderWithApp, type FakeApi } from '../../../test/render';
import { formatDateTime } from '../../../lib/format-date-time';
import { AdminProjectionsPage } from './admin-projections-page';
import type { Projection, QuarantinedEvent } from './projections-api';

afterEach(cleanup);

const status = (patch: Partial<Projection> = {}): Projection => ({
  name: 'stream-summary',
  checkpoint: '812/40211',
  eventsApplied: 40_211,
  eventsBehind: 0,
  moreBehind: false,
  lagMs: 0,
  lastEventAt: '2025-01-15T10:00:00.000Z',
  activePid: 4242,
  activeInstance: 'usdt-desk-projector desk-1:811',
  rebuilding: null,
  lastError: null,
  quarantined: 0,
  quarantine: [],
  ...patch,
});

const poison = (n: number, patch: Partial<QuarantinedEvent> = {}): QuarantinedEvent => ({
  position: `900/${n}`,
  eventId: `00000000-0000-4000-8000-00000000000${n}`,
  streamId: `order-00000000-0000-4000-8000-0000000000a${n}`,
  streamPosition: n,
  type: 'OrderPlaced',
  error: 'numeric field overflow',
  attempts: 3,
  firstFailedAt: '2025-01-15T10:29:58.000Z',
  quarantinedAt: '2025-01-15T10:30:00.000Z',
  ...patch,
});

const PROJECTIONS = [
  status(),
  status({ name: 'ledger', eventsBehind: 100_000, moreBehind: true, lagMs: 2 * 3_600_000 }),
  status({
    name: 'orders',
    eventsApplied: 1_250,
    eventsBehind: 8_750,
    lagMs: 3 * 60_000 + 5_000,
    activePid: null,
    rebuilding: { startedAt: '2025-01-15T10:00:00.000Z', total: 10_000 },
    lastError: 'Connection terminated unexpectedly',
    quarantined: 2,
    quarantine: [poison(2, { type: 'OrderRejected', error: 'order-…a2: event 2 (OrderRejected) follows version 0; an earlier event is missing' }), poison(1)],
  }),
];

function open(table: FakeApi = {}) {
  const api = fakeApi({ 'GET /api/admin/projections': { projections: PROJECTIONS }, ...table });
  renderWithApp(<AdminProjectionsPage />, '/admin/projections');
  return api;
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const rowOf = async (name: string) => (await screen.findByRole('rowheader', { name })).closest('tr')!;

describe('Projections', () => {
  it('shows each projection: events applied and behind, lag, its instance, rebuild progress and last error', async () => {
    open();
    const summary = await rowOf('stream-summary');
    const table = within(screen.getByRole('region', { name: 'Projections' }));
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Projection',
      'Events applied',
      'Events behind',
      'Lag',
      'Instance',
      'Rebuilding',
      'Quarantined',
      'Actions',
    ]);
    expect(cells(summary)).toEqual(['40,211', '0', '0 s', 'Active', '-', '0', 'Rebuild']);
    expect(within(summary).getByText('Active').title).toBe('usdt-desk-projector desk-1:811, PostgreSQL backend pid 4242');
    const orders = await rowOf('orders');
    expect(cells(orders)).toEqual(['1,250', '8,750', '3 min 5 s', 'None', '1,250 / 10,000 (12%)', '2', 'Rebuilding...']);
    // Far behind, the server stops counting and says so.
    expect(cells(await rowOf('ledger'))[1]).toBe('More than 1,00,000');
    // The error on a line of its own under its projection; none for a projection without one.
    expect(table.getByRole('row', { name: 'Last error of orders' }).textContent).toBe('Last error: Connection terminated unexpectedly');
    expect(table.queryByRole('row', { name: 'Last error of stream-summary' })).toBeNull();
    const bar = within(orders).getByRole('progressbar', { name: 'Rebuild of orders' });
    expect([bar.getAttribute('value'), bar.getAttribute('max')]).toEqual(['1250', '10000']);
    // A rebuild already running is not started again.
    expect((within(orders).getByRole('button', { name: 'Rebuild orders' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists the quarantined events of each projection: type, stream, position, error, attempts and when', async () => {
    open();
    const section = within(await screen.findByRole('region', { name: 'Quarantined events of orders' }));
    expect(section.getByText('2 in all. A rebuild tries them again.')).toBeTruthy();
    const rows = section.getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      [
        'OrderRejected',
        'order-00000000-0000-4000-8000-0000000000a2',
        '2',
        'order-…a2: event 2 (OrderRejected) follows version 0; an earlier event is missing',
        '3',
        formatDateTime('2025-01-15T10:30:00.000Z'),
      ],
      ['OrderPlaced', 'order-00000000-0000-4000-8000-0000000000a1', '1', 'numeric field overflow', '3', formatDateTime('2025-01-15T10:30:00.000Z')],
    ]);
    // Only projections that quarantined something get a section.
    expect(screen.queryByRole('region', { name: 'Quarantined events of stream-summary' })).toBeNull();
  });

  it('says when only the latest quarantined events are listed, and when there are none', async () => {
    const many = Array.from({ length: 20 }, (_, i) => poison(i));
    open({ 'GET /api/admin/projections': { projections: [status({ name: 'orders', quarantined: 57, quarantine: many })] } });
    const section = within(await screen.findByRole('region', { name: 'Quarantined events of orders' }));
    expect(section.getByText('The latest 20 of 57. A rebuild tries them again.')).toBeTruthy();
    expect(section.getAllByRole('row')).toHaveLength(21);
    cleanup();

    open({ 'GET /api/admin/projections': { projections: [status()] } });
    const none = within(await screen.findByRole('region', { name: 'Quarantined events' }));
    expect(none.getByText('None: every event was applied.')).toBeTruthy();
  });

  it('rebuilds a projection only after a confirmation, then shows it queued', async () => {
    let rebuilding = false;
    const { calls } = open({
      'GET /api/admin/projections': () => ({
        status: 200,
        body: { projections: [rebuilding ? status({ eventsApplied: 0, rebuilding: { startedAt: '2025-01-15T10:00:00.000Z', total: 50_000 } }) : status()] },
      }),
      'POST /api/admin/projections/stream-summary/rebuild': () => {
        rebuilding = true;
        return { status: 202, body: { message: 'Rebuild of stream-summary queued; follow it in GET /api/admin/projections' } };
      },
    });
    const row = await rowOf('stream-summary');
    await userEvent.click(within(row).getByRole('button', { name: 'Rebuild stream-summary' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Rebuild stream-summary?' }));
    expect(dialog.getByText(/tables are emptied and every event is applied again/)).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(calls, 'POST', '/api/admin/projections/stream-summary/rebuild')).toHaveLength(0);

    await userEvent.click(within(row).getByRole('button', { name: 'Rebuild stream-summary' }));
    dialog = within(screen.getByRole('dialog', { name: 'Rebuild stream-summary?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Rebuild' }));
    expect(await screen.findByText('Rebuild of stream-summary queued')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/projections/stream-summary/rebuild')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Asked again at once: the rebuild shows without waiting for the next refresh.
    expect(await within(await rowOf('stream-summary')).findByText(/0 \/ 50,000 \(0%\)/)).toBeTruthy();
  });

  it('says why a rebuild could not start', async () => {
    open({
      'GET /api/admin/projections': { projections: [status({ name: 'orders' })] },
      'POST /api/admin/projections/orders/rebuild': () => ({ status: 404, body: { error: 'Projection not found' } }),
    });
    await userEvent.click(within(await rowOf('orders')).getByRole('button', { name: 'Rebuild orders' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Rebuild orders?' })).getByRole('button', { name: 'Rebuild' }));
    expect(await screen.findByText('Projection not found')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks again every 5 seconds, keeping the last answer when a refresh fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let reads = 0;
      const { calls } = open({
        'GET /api/admin/projections': () => {
          reads += 1;
          if (reads === 3) return { status: 500, body: {} };
          return { status: 200, body: { projections: [status({ eventsApplied: reads * 1_000 })] } };
        },
      });
      expect(cells(await rowOf('stream-summary'))[0]).toBe('1,000');
      await vi.advanceTimersByTimeAsync(5_000);
      expect(await within(await rowOf('stream-summary')).findByText('2,000')).toBeTruthy();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(await screen.findByText('Refresh failed; showing the last answer')).toBeTruthy();
      expect(cells(await rowOf('stream-summary'))[0]).toBe('2,000');
      expect(callsTo(calls, 'GET', '/api/admin/projections')).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when the projections cannot be loaded', async () => {
    open({ 'GET /api/admin/projections': () => ({ status: 403, body: { error: 'Forbidden' } }) });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Failed to load projections');
  });
});
