// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { callsTo, currentPagesIn } from '../../../test/fixtures';
import { OFFICER_ME, renderCompliance } from '../layout/compliance-test-kit';
import { brandChange, deskChange } from '../../../test/desk-change';

const WAITING = deskChange();
const DECLINED = brandChange('brand_settings', {
  _id: '00000000-0000-4000-8000-00000000dead',
  status: 'declined',
  summary: [
    { what: 'Customer daily limit', before: '₹10,00,000', after: 'no limit' },
    { what: 'Customer monthly limit', before: '₹50,00,000', after: 'no limit' },
    { what: 'Re-quote band', before: '2 %', after: '5 %' },
    { what: 'Largest buy order', before: '₹10,00,000', after: '₹20,00,000' },
    { what: 'Largest sell order', before: '12000 USDT', after: '20000 USDT' },
  ],
  endedBy: { _id: 'admin-8', phone: '+919900000008', username: 'ravi' },
  endedAt: '2026-11-28T10:00:00.000Z',
  note: 'Not without a reason',
});
const CONFIRMED = deskChange({
  _id: '00000000-0000-4000-8000-00000000beef',
  kind: 'roles',
  title: 'Staff roles',
  status: 'confirmed',
  summary: [{ what: 'Roles of +919812300078', before: 'customer', after: 'compliance' }],
  endedBy: { _id: 'admin-cli', phone: null, username: 'The admin CLI, on the server' },
  endedAt: '2026-11-28T11:00:00.000Z',
});

const open = (answer: unknown = { changes: [WAITING, DECLINED, CONFIRMED] }) =>
  renderCompliance('/compliance/changes', { 'GET /api/compliance/changes': answer });

describe('desk changes', () => {
  it('lists what waits, then the recent ones: what changed in words, status, who asked and who ended it, when', async () => {
    const { calls } = open();
    expect(await screen.findByRole('heading', { name: 'Desk changes', level: 1 })).toBeTruthy();
    const sections = await screen.findAllByRole('region');
    expect(sections.map((s) => within(s).getAllByRole('heading')[0]!.textContent)).toEqual(['Waiting for a second admin (1)', 'Recent']);

    const waiting = within(within(sections[0]!).getByRole('article', { name: 'Global Settings' }));
    expect(waiting.getByText('Waiting for a second admin')).toBeTruthy();
    expect(waiting.getByText('Second admin above').closest('div')!.textContent).toBe('Second admin aboveBefore: ₹2,00,000After: → off');
    expect(waiting.getByText(/^Asked by meera on/).textContent).toMatch(/^Asked by meera on 27 Nov 2026, \d/);
    expect(waiting.getByRole('link', { name: 'Global Settings' }).getAttribute('href')).toBe(`/compliance/changes/${WAITING._id}`);

    const recent = within(sections[1]!);
    const declined = within(recent.getByRole('article', { name: 'Brand settings: Alpha Desk' }));
    expect(declined.getByText('Declined')).toBeTruthy();
    expect(declined.getByText(/^Asked by/).textContent).toMatch(/^Asked by meera on 27 Nov 2026, .+; declined by ravi on 28 Nov 2026, /);
    // The list shows the first three lines; the change's page shows them all.
    expect(declined.getByText('Re-quote band')).toBeTruthy();
    expect(declined.queryByText('Largest buy order')).toBeNull();
    expect(declined.getByText("and 2 more lines on the change's own page")).toBeTruthy();
    const confirmed = within(recent.getByRole('article', { name: 'Staff roles' }));
    expect(confirmed.getByText('Confirmed: in force')).toBeTruthy();
    expect(confirmed.getByText(/^Asked by/).textContent).toMatch(/; confirmed by The admin CLI, on the server on 28 Nov 2026, /);

    // Read only: nothing to press, and nothing but reads sent.
    expect(screen.queryByRole('button', { name: /confirm|decline|withdraw/i })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/compliance') && c.method !== 'GET')).toEqual([]);
    expect(callsTo(calls, 'GET', '/api/compliance/changes')).toHaveLength(1);
  });

  it('says when nothing waits and nothing has ended', async () => {
    open({ changes: [] });
    expect(await screen.findByText('Nothing is waiting for a second admin.')).toBeTruthy();
    expect(screen.getByText('No change has ended yet (confirmed, declined, withdrawn or out of date).')).toBeTruthy();
  });

  it("tells a brand's officer, refused by the server (403), that these are the operator's changes", async () => {
    renderCompliance('/compliance/changes', {
      'GET /api/auth/me': { ...OFFICER_ME, tenantId: 't-2' },
      'GET /api/compliance/changes': () => ({ status: 403, body: { error: 'Forbidden' } }),
    });
    const sentence = await screen.findByRole('status');
    expect(sentence.textContent).toMatch(
      /^These are the operator's changes to the desk's own rules .+, not a brand's: only the operator's compliance officers read them\.$/,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Forbidden')).toBeNull();
    expect(screen.queryByText('Access denied')).toBeNull();
  });

  it('says the list could not be loaded when the call fails', async () => {
    open(() => ({ status: 500, body: {} }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load the desk changes');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('marks Desk changes as the current screen in the sidebar', async () => {
    open();
    const nav = await screen.findByRole('complementary', { name: 'Compliance navigation' });
    expect(currentPagesIn(nav)).toEqual(['Desk changes']);
  });
});
