// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fixtures';
import type { Replay } from '../compliance-api';
import { complianceOrder, lastQuery, renderCompliance, step } from '../layout/compliance-test-kit';

const ID = '00000000-0000-4000-8000-0000000000aa';
const placed = complianceOrder({
  _id: ID,
  refCode: 'ORD-00AA',
  status: 'pending',
  fiatAmount: '10000',
  cryptoAmount: '112.42',
  user: { _id: 'user-1', phone: '+919800000001', username: 'asha' },
});
const proof = { ...placed, bankReference: 'UTR123', proofCount: 1, updatedAt: '2025-01-15T10:01:00.000Z' };
const verified = { ...proof, status: 'fiat_received', statusLabel: 'Payment Received', updatedAt: '2025-01-15T10:02:00.000Z' };
const admin = { id: 'admin-1', role: 'admin' as const, phone: '+919900000009', username: 'ops' };
/** The paths the server's diff finds: everything at placement, the leaves that moved after. */
const paths = (...names: string[]) => names.map((path) => ({ path, from: null, to: null }));

const REPLAY: Replay = {
  orderId: ID,
  refCode: 'ORD-00AA',
  tenantId: 'default',
  chain: { intact: true, brokenAt: null, reason: null },
  steps: [
    step(0, 'OrderPlaced', placed, paths(...Object.keys(placed)), { data: { fiatAmount: '10000' } }),
    step(1, 'ProofSubmitted', proof, paths('bankReference', 'proofCount', 'updatedAt'), { data: { reference: 'UTR123' } }),
    step(2, 'OrderVerified', verified, paths('status', 'statusLabel', 'updatedAt'), {
      actor: admin,
      ip: '198.51.100.4',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
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
/** The rows of the step's change table: field, then before and after (or the value recorded). */
const changeRows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].map((cell) => cell.textContent));
const facts = (region: HTMLElement) =>
  Object.fromEntries(
    within(region)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );

describe('order timeline player', () => {
  it('names each event in words, with who, when to the second with the zone, and from where', async () => {
    openTimeline();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #ORD-00AA' })).toBeTruthy();
    expect(counter()).toBe('Step 1 of 3');
    expect(current()).toBe(0);
    const items = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('strong')?.textContent)).toEqual(['Order placed', 'Payment proof submitted', 'Payment verified']);
    expect(within(screen.getByRole('list', { name: 'Timeline' })).queryByText(/OrderPlaced|ProofSubmitted|OrderVerified/)).toBeNull();
    const details = screen.getByRole('region', { name: 'Step 1: Order placed' });
    expect(facts(details)).toMatchObject({ Who: 'asha (Customer), +919800000001', 'From where': '203.0.113.7, Android' });
    // To the second, in the reader's zone, named (UTC, IST, ...).
    expect(facts(details).When).toMatch(/^1[56] Jan 2025, \d{1,2}:\d{2}:00 [ap]m [A-Z][\w+:-]+$/);
    expect(screen.getByText('Hash chain intact')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Previous/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists what the first step recorded in words and formatted values, each field once, no raw keys', async () => {
    openTimeline();
    await screen.findByRole('region', { name: 'Step 1: Order placed' });
    const rows = Object.fromEntries(changeRows('What was recorded').map(([field, value]) => [field, value]));
    expect(rows).toMatchObject({
      Status: 'Pending',
      Order: 'Buy USDT',
      'INR amount': '₹10,000',
      'USDT amount': '112.42 USDT',
      'Payment method': 'Bank transfer',
    });
    expect(rows.Rate).toMatch(/^₹88\.5\d* per USDT$/);
    const fields = Object.keys(rows);
    expect(fields).not.toContain('amountINR');
    expect(fields).not.toContain('statusLabel');
    expect(fields.filter((f) => /^[a-z]+[A-Z]/.test(f))).toEqual([]);
    expect(screen.queryByRole('table', { name: 'Order state' })).toBeNull();
  });

  it('shows only the fields a step changed, before and after, and the whole order behind a disclosure', async () => {
    openTimeline();
    await screen.findByRole('heading', { level: 1, name: 'Order #ORD-00AA' });
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(counter()).toBe('Step 2 of 3');
    expect(changeRows('What changed')).toEqual([
      ['Payment reference (UTR)', 'none', 'UTR123'],
      ['Proofs submitted', '0', '1'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(changeRows('What changed')).toEqual([['Status', 'Pending', 'Payment Received']]);
    const details = screen.getByRole('region', { name: 'Step 3: Payment verified' });
    expect(facts(details)).toMatchObject({ Who: 'ops (Admin), +919900000009', 'From where': '198.51.100.4, Firefox on Windows' });
    const whole = within(details).getByText('The whole order after this step').closest('details')!;
    expect(whole.open).toBe(false);
    expect(facts(whole)).toMatchObject({ Status: 'Payment Received', 'Payment reference (UTR)': 'UTR123', Customer: 'asha · +919800000001' });
    const stored = within(details).getByText('The record as stored').closest('details')!;
    expect(stored.open).toBe(false);
    expect(facts(stored)['Browser (as the client reported it)']).toContain('Firefox/128.0');
    expect((screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('steps with buttons named by their visible words, forward and back', async () => {
    openTimeline();
    await screen.findByRole('heading', { level: 1, name: 'Order #ORD-00AA' });
    const controls = screen.getByRole('group', { name: 'Replay controls' });
    for (const button of within(controls).getAllByRole('button')) expect(button.getAttribute('aria-label')).toBeNull();
    expect(
      within(controls)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/[«‹▶›»‖]/g, '').trim()),
    ).toEqual(['First', 'Previous', 'Play', 'Next', 'Last']);
    await userEvent.click(screen.getByRole('button', { name: 'Last' }));
    expect(counter()).toBe('Step 3 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(counter()).toBe('Step 2 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'First' }));
    expect(counter()).toBe('Step 1 of 3');
  });

  it('opens any step from the timeline list, each button named by what it shows', async () => {
    openTimeline();
    const list = await screen.findByRole('list', { name: 'Timeline' });
    const buttons = within(list).getAllByRole('button');
    for (const button of buttons) expect(button.getAttribute('aria-label')).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: /Payment proof submitted/ }));
    expect(counter()).toBe('Step 2 of 3');
    expect(current()).toBe(1);
    expect(buttons[2]!.textContent).toContain('ops (Admin), +919900000009');
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
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The order machine refuses this event: pending cannot be completed');
    expect(screen.queryByRole('table', { name: 'What changed' })).toBeNull();
    expect(screen.getByText('No order state after this event.')).toBeTruthy();
  });

  it('puts the as-of picker first, to the second, and says which moment is in force', async () => {
    const then = complianceOrder({ _id: ID, refCode: 'ORD-00AA', status: 'pending', bankReference: 'UTR123' });
    const { calls } = openTimeline(REPLAY, {
      [`GET /api/compliance/orders/${ID}`]: { order: then, asOf: '2025-01-15T10:01:30.000Z', eventCount: 2, lastEventAt: '2025-01-15T10:01:00.010Z' },
    });
    const form = await screen.findByRole('form', { name: 'Order as of' });
    const picker = within(form).getByLabelText('As of') as HTMLInputElement;
    expect(form.compareDocumentPosition(screen.getByRole('list', { name: 'Timeline' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // It starts at the last event, to the second, in the officer's zone.
    // (A browser drops ":00" seconds from the value; step 1 keeps the seconds field on screen.)
    expect(picker.value).toMatch(/^2025-01-1[56]T\d\d:\d2(:00)?$/);
    expect(picker.step).toBe('1');
    const inForce = () => screen.getAllByRole('status').find((s) => s.textContent?.startsWith('In force'))!.textContent;
    expect(inForce()).toMatch(/^In force: the order as it stands now, every event recorded \(the last at 1[56] Jan 2025, \d{1,2}:\d2:00 [ap]m \S+\)$/);
    await userEvent.clear(picker);
    await userEvent.type(picker, '2025-01-15T10:01:30');
    await userEvent.click(within(form).getByRole('button', { name: 'Show' }));
    const asOf = new Date('2025-01-15T10:01:30').toISOString();
    await waitFor(() => expect(lastQuery(calls, `/api/compliance/orders/${ID}`)).toEqual({ asOf }));
    await waitFor(() =>
      expect(inForce()).toMatch(
        /^In force: the order as of 15 Jan 2025, 10:01:30 am \S+, 2 events recorded by then, the last at 1[56] Jan 2025, \d{1,2}:\d1:00 [ap]m \S+$/,
      ),
    );
    const card = screen.getByRole('region', { name: 'Order as of' });
    expect(within(card).getByText('UTR123', { selector: 'dd' })).toBeTruthy();
    // The timeline shows the step in force then.
    expect(counter()).toBe('Step 2 of 3');
  });

  it('says the order did not exist yet when the server answers 404 for that time', async () => {
    openTimeline(REPLAY, { [`GET /api/compliance/orders/${ID}`]: () => ({ status: 404, body: { error: 'Order not found' } }) });
    const form = await screen.findByRole('form', { name: 'Order as of' });
    await userEvent.clear(within(form).getByLabelText('As of'));
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
