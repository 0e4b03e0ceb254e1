// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { CHAIN_CHECK_STATES } from '@desk/machines/chain/chain-check';
import { PaymentBadge, type BankMatchView, type ChainCheckView } from './payment-badge';
import { chainBadge } from './payment-badge-words';

afterEach(cleanup);

const match = (patch: Partial<BankMatchView> = {}): BankMatchView => ({
  accountLabel: 'HDFC Bank ••••7766',
  bookedOn: '2026-04-01',
  amount: '100000.00',
  reference: '612345678901',
  payerName: 'Test Payer One',
  via: 'reference',
  flags: [],
  ...patch,
});
const check = (state: ChainCheckView['state'], confirmations: number | null = null, required: number | null = null): ChainCheckView => ({
  state,
  confirmations,
  required,
  checkedAt: '2026-04-01T10:00:00.000Z',
});

const badges = () => within(screen.getByRole('list', { name: 'Payment checks' })).getAllByRole('listitem');
const shown = () => badges().map((badge) => [badge.className.replace('payment-badge ', ''), badge.textContent]);

describe('the payment badge', () => {
  it('says an order is matched to the bank statement and confirmed on chain, with the count', () => {
    render(<PaymentBadge bankMatch={match()} chainCheck={check('confirmed', 12, 12)} />);
    expect(shown()).toEqual([
      ['ok', '✓ Matched to bank statement'],
      ['ok', '✓ On chain: confirmed (12/12)'],
    ]);
    expect(badges()[0]!.getAttribute('title')).toBe('A line of the HDFC Bank ••••7766 statement, matched by its reference');
  });

  it('names each thing a match flags, in words, and says it in a sentence on the order page', () => {
    render(
      <PaymentBadge
        detailed
        bankMatch={match({ via: 'assigned', flags: ['amount_differs', 'third_party_payer', 'other_brand_account', 'reference_matched_elsewhere'] })}
        chainCheck={check('confirming', 3, 12)}
      />,
    );
    expect(shown()).toEqual([
      ['waiting', '… Matched to bank statement'],
      ['problem', '! Bank: amount differs'],
      ['problem', '! Bank: paid by someone else'],
      ['problem', "! Bank: another brand's account"],
      ['problem', '! Bank: reference used twice'],
      ['waiting', '… On chain: 3 of 12 confirmations'],
    ]);
    const sentences = [...document.querySelectorAll('.payment-badge-detail p')].map((p) => p.textContent);
    expect(sentences.slice(0, 5)).toEqual([
      'Statement line: HDFC Bank ••••7766, 1 Apr 2026, ₹1,00,000; reference 612345678901; from Test Payer One; assigned by an admin.',
      'Amount differs from the order.',
      "Paid by someone else (name differs from the customer's bank account).",
      "Paid into another brand's account.",
      'Reference already matched to another order.',
    ]);
    expect(sentences[5]).toMatch(/^On chain: The right USDT transfer, still gathering confirmations \(checked .*2026.*\)\.$/);
  });

  it("says the chain's answer in the server's words where it gives them", () => {
    const words = 'Verified on chain: 100.00 USDT to the right address, 12 confirmations.';
    render(<PaymentBadge detailed bankMatch={null} chainCheck={{ ...check('confirmed', 12, 12), words }} />);
    expect(badges()[1]!.getAttribute('title')).toBe(words);
    expect(document.querySelector('.payment-badge-detail p')!.textContent).toMatch(
      /^Verified on chain: 100\.00 USDT to the right address, 12 confirmations \(checked .*\)\.$/,
    );
  });

  it('says when no statement line is matched yet, and shows no chain badge without a check', () => {
    render(<PaymentBadge bankMatch={null} chainCheck={null} />);
    expect(shown()).toEqual([['neutral', '– Bank: no statement line yet']]);
  });

  it('has words of its own for every state a chain check can be in', () => {
    const words = CHAIN_CHECK_STATES.map((state) => chainBadge(check(state, 1, 12))!.text);
    expect(new Set(words).size).toBe(CHAIN_CHECK_STATES.length);
    expect(chainBadge(check('wrong_address'))).toMatchObject({ tone: 'problem', text: 'On chain: wrong address' });
    expect(chainBadge(check('pending'))).toMatchObject({ tone: 'waiting', text: 'On chain: pending' });
    expect(chainBadge(check('not_configured'))).toMatchObject({ tone: 'neutral' });
  });

  it('draws every tone at AA contrast (4.5:1 or more)', () => {
    const css = readFileSync(path.join(import.meta.dirname, 'payment-badge.css'), 'utf8');
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    for (const tone of ['ok', 'waiting', 'problem', 'neutral']) {
      const rule = new RegExp(`\\.payment-badge\\.${tone} \\{ background: (#[0-9a-f]{6}); color: (#[0-9a-f]{6});`).exec(css);
      expect(rule, tone).not.toBeNull();
      const [light, dark] = [luminance(rule![1]!), luminance(rule![2]!)].sort((a, b) => b - a);
      expect((light! + 0.05) / (dark! + 0.05), tone).toBeGreaterThanOrEqual(4.5);
    }
  });
});
