// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fixtures';
import type { Replay } from '../compliance-api';
import { complianceOrder, lastQuery, renderCompliance, step } from '../layout/compliance-test-kit';

const ID = '00000000-0000-4000-8000-0000000000aa';
const placed = { _id: ID, refCode: 'ORD-00AA', status: 'pending', bankReference: null, user: { _id: 'user-1', phone: '+919800000001' } };
const proof = { ...placed, bankReference: 'UTR123' };
const verified = { ...proof, status: 'fiat_received' };
const admin = { id: 'admin-1', role: 'admin', phone: '+919900000009', username: 'ops' };

const REPLAY: Replay = {
  orderId: ID,
  refCode: 'ORD-00AA',
  tenantId: 'default',
  chain: { intact: true, brokenAt: null },
  steps: [
    step(0, 'OrderPlaced', placed, [{ path: 'status', from: null, to: 'pending' }], { data: { fiatAmount: '10000' } }),
    step(1, 'ProofSubmitted', proof, [{ path: 'bankReference', from: null, to: 'UTR123' }], { data: { reference: 'UTR123' } }),
    step(2, 'OrderVerified', verified, [{ path: 'status', from: 'pending', to: 'fiat_received' }], {
      actor: admin,
      ip: '198.51.100.4',
      userAgent: 'Firefox/128',
    }),
  ],
};

const openTimeline = (replay: Replay = REPLAY, table = {}) =>
  renderCompliance(`/compliance/orders/${ID}`, { [`GET /api/compliance/orders/${ID}/replay`]: replay, ...table });

const counter = () => screen.getByText(/^Step \d+ of \d+$/).textContent;
const current = () =>
  within(screen.getByRole('list', { name: 'Timeline' }))
    .getAllByRole('listitem')
    .findIndex((li) => li.getAttribute('aria-current') === 'step');
const changedFields = () =>
  [...screen.getByRole('table', { name: 'Order state' }).querySelectorAll('tr.changed th')].map((th) => th.querySelector('code')?.textContent);

describe('order timeline player', () => {
  it('starts on the first step: its metadata, data, state and what it changed', async () => {
    openTimeline();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #ORD-00AA' })).toBeTruthy();
    expect(counter()).toBe('Step 1 of 3');
    expect(current()).toBe(0);
    const details = screen.getByRole('region', { name: 'Step 1: OrderPlaced' });
    const meta = Object.fromEntries(
      within(details)
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(meta).toMatchObject({
      Actor: 'asha',
      Role: 'Customer',
      Phone: '+919800000001',
      IP: '203.0.113.7',
      'Browser (as the client reported it)': 'Mozilla/5.0 (Android)',
      'Correlation id': 'corr-0',
    });
    expect(meta['Recorded at']).toMatch(/15 Jan 2025/);
    expect(within(details).getByLabelText('Event data').textContent).toContain('"fiatAmount": "10000"');
    expect(changedFields()).toEqual(['status']);
    expect(screen.getByText('Hash chain intact')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous step' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('steps forward and back, highlighting the fields each step changed, from -> to', async () => {
    openTimeline();
    await screen.findByRole('heading', { level: 1, name: 'Order #ORD-00AA' });
    await userEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(counter()).toBe('Step 2 of 3');
    expect(current()).toBe(1);
    expect(changedFields()).toEqual(['bankReference']);
    expect(within(screen.getByRole('list', { name: 'Changes' })).getByRole('listitem').textContent).toBe('bankReference: — -> UTR123');

    await userEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(counter()).toBe('Step 3 of 3');
    expect(changedFields()).toEqual(['status']);
    const status = screen.getByRole('table', { name: 'Order state' }).querySelector('tr.changed td')!;
    expect(status.textContent).toBe('pending -> fiat_received');
    expect(screen.getByRole('region', { name: 'Step 3: OrderVerified' }).textContent).toContain('198.51.100.4');
    expect((screen.getByRole('button', { name: 'Next step' }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Previous step' }));
    expect(counter()).toBe('Step 2 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'First step' }));
    expect(counter()).toBe('Step 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Last step' }));
    expect(counter()).toBe('Step 3 of 3');
  });

  it('opens any step from the timeline list', async () => {
    openTimeline();
    await userEvent.click(await screen.findByRole('button', { name: 'Step 2: ProofSubmitted' }));
    expect(counter()).toBe('Step 2 of 3');
    expect(current()).toBe(1);
    const items = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(items[2]!.textContent).toContain('Admin · +919900000009');
    expect(items[2]!.textContent).toContain('198.51.100.4');
  });

  it('plays a step a second, stops on the last, and pauses', async () => {
    openTimeline();
    await userEvent.click(await screen.findByRole('button', { name: 'Play' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    await waitFor(() => expect(counter()).toBe('Step 2 of 3'), { timeout: 2000 });
    await waitFor(() => expect(counter()).toBe('Step 3 of 3'), { timeout: 2000 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy());

    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(counter()).toBe('Step 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await act(() => new Promise((r) => setTimeout(r, 1200)));
    expect(counter()).toBe('Step 1 of 3');
  }, 10_000);

  it('shows a broken chain in a red banner and marks the step', async () => {
    openTimeline({ ...REPLAY, chain: { intact: false, brokenAt: 1, reason: 'event e-1 was edited' } });
    const banner = await screen.findByRole('alert');
    expect(banner.className).toBe('chain-broken');
    expect(banner.textContent).toContain('Chain broken at step 2');
    expect(banner.textContent).toContain('event e-1 was edited');
    expect(screen.queryByText('Hash chain intact')).toBeNull();
    const items = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(items.map((li) => li.classList.contains('broken'))).toEqual([false, true, true]);
    expect(within(items[1]!).getByText('Chain broken')).toBeTruthy();
  });

  it('says so when the machine refuses a stored event, and shows no state for it', async () => {
    const refused = step(1, 'OrderCompleted', placed, [], { foldError: 'pending cannot be completed' });
    openTimeline({ ...REPLAY, steps: [REPLAY.steps[0]!, { ...refused, state: null }] });
    await userEvent.click(await screen.findByRole('button', { name: 'Next step' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The order machine refuses this event: pending cannot be completed');
    expect(screen.queryByRole('table', { name: 'Order state' })).toBeNull();
    expect(screen.getByText('No order state after this event.')).toBeTruthy();
  });

  it('shows the order as it stood at a chosen time', async () => {
    const then = complianceOrder({ _id: ID, refCode: 'ORD-00AA', status: 'pending', bankReference: 'UTR123' });
    const { calls } = openTimeline(REPLAY, {
      [`GET /api/compliance/orders/${ID}`]: { order: then, asOf: '2025-01-15T10:01:30.000Z', eventCount: 2, lastEventAt: '2025-01-15T10:01:00.010Z' },
    });
    const form = await screen.findByRole('form', { name: 'Order as of' });
    await userEvent.type(within(form).getByLabelText('As of'), '2025-01-15T10:01:30');
    await userEvent.click(within(form).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(lastQuery(calls, `/api/compliance/orders/${ID}`)).toEqual({ asOf: new Date('2025-01-15T10:01:30').toISOString() }));
    const result = await screen.findByText(/2 events, the last at/);
    expect(result.textContent).toMatch(/^As of 15 Jan 2025/);
    expect(screen.getByText('UTR123', { selector: 'dd' })).toBeTruthy();
  });

  it('says the order did not exist yet when the server answers 404 for that time', async () => {
    openTimeline(REPLAY, { [`GET /api/compliance/orders/${ID}`]: () => ({ status: 404, body: { error: 'Order not found' } }) });
    const form = await screen.findByRole('form', { name: 'Order as of' });
    await userEvent.type(within(form).getByLabelText('As of'), '2024-01-01T00:00:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Show' }));
    expect((await screen.findByText(/The order did not exist yet at/)).textContent).toContain('1 Jan 2024');
  });

  it('exports this order and shows the download link', async () => {
    const { calls } = openTimeline(REPLAY, {
      'POST /api/compliance/exports': () => ({
        status: 201,
        body: { url: '/api/compliance/exports/x1?exp=1&sig=abc', expiresAt: '2025-01-15T10:10:00.000Z', eventCount: 3, streamCount: 1 },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Export this order' }));
    expect((await screen.findByRole('link', { name: 'Download export' })).getAttribute('href')).toBe('/api/compliance/exports/x1?exp=1&sig=abc');
    expect(callsTo(calls, 'POST', '/api/compliance/exports').map((c) => c.body)).toEqual([{ orderIds: [ID] }]);
  });
});
