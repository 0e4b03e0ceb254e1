import type { ChainCheckState } from '@desk/machines/chain/chain-check';

/**
 * What an order's money shows, in an admin's words (issue 28): matched to a bank statement line or
 * not, with what to look at; verified on chain, waiting for confirmations, or the wrong transfer.
 * Each has a tone (its colour) and words that say the same without the colour.
 */
export type BadgeTone = 'ok' | 'waiting' | 'problem' | 'neutral';

export interface Badge {
  tone: BadgeTone;
  text: string;
  /** What the badge stands for, in a sentence (its tooltip and, on the order page, the line under it). */
  about?: string;
}

/** The statement line an order's money was matched to (the admin order JSON's `bankMatch`). */
export interface BankMatchView {
  accountLabel: string;
  bookedOn: string;
  amount: string;
  reference: string | null;
  payerName: string | null;
  via: 'reference' | 'assigned';
  flags: readonly string[];
}

/** The order's last check on the chain (the admin order JSON's `chainCheck`). */
export interface ChainCheckView {
  state: ChainCheckState;
  confirmations: number | null;
  required: number | null;
  checkedAt: string;
  /** The check in a sentence, as the server words it (chain-check-words.ts: amounts, addresses); said in place of the badge's own. */
  words?: string;
}

/** Why a match needs a person's eyes: the badge's words, then the sentence. */
export const BANK_FLAG_WORDS: Record<string, { text: string; about: string }> = {
  amount_differs: { text: 'Bank: amount differs', about: 'Amount differs from the order' },
  reference_matched_elsewhere: { text: 'Bank: reference used twice', about: 'Reference already matched to another order' },
  other_brand_account: { text: "Bank: another brand's account", about: "Paid into another brand's account" },
  third_party_payer: { text: 'Bank: paid by someone else', about: "Paid by someone else (name differs from the customer's bank account)" },
};

/** The bank side: one badge for the match, one for each thing it flags. */
export function bankBadges(match: BankMatchView | null): Badge[] {
  if (match === null)
    return [{ tone: 'neutral', text: 'Bank: no statement line yet', about: 'No line of an imported bank statement is matched to this order yet' }];
  const how = match.via === 'assigned' ? 'assigned by an admin' : 'matched by its reference';
  const matched: Badge = {
    tone: match.flags.length === 0 ? 'ok' : 'waiting',
    text: 'Matched to bank statement',
    about: `A line of the ${match.accountLabel} statement, ${how}`,
  };
  return [
    matched,
    ...match.flags.map((flag): Badge => {
      const words = BANK_FLAG_WORDS[flag];
      return { tone: 'problem', text: words?.text ?? 'Bank: needs a look', about: words?.about ?? `Flagged: ${flag.replaceAll('_', ' ')}` };
    }),
  ];
}

const confirmations = (check: ChainCheckView) => ({ have: check.confirmations ?? 0, need: check.required ?? 0 });

/** The chain side, from the state of the last check; null when the order has no transaction checked. */
export function chainBadge(check: ChainCheckView | null): Badge | null {
  const badge = chainStateBadge(check);
  return badge && check?.words ? { ...badge, about: check.words } : badge;
}

/** The states whose badge reads the same every time (only the confirmations are counted into the words). */
const FIXED_CHAIN_BADGES: Record<Exclude<ChainCheckState, 'confirmed' | 'confirming'>, Badge> = {
  pending: { tone: 'waiting', text: 'On chain: pending', about: 'Sent, and waiting to be included in a block' },
  not_found: { tone: 'problem', text: 'On chain: not found', about: 'No such transaction: not sent yet, dropped, or sent on another network' },
  reverted: { tone: 'problem', text: 'On chain: failed', about: 'The transaction failed on the chain: no USDT moved' },
  wrong_token: { tone: 'problem', text: 'On chain: wrong token', about: 'The transaction moved no USDT' },
  wrong_address: { tone: 'problem', text: 'On chain: wrong address', about: 'The USDT went to another address' },
  wrong_amount: { tone: 'problem', text: 'On chain: wrong amount', about: 'The USDT that arrived is not the order’s amount' },
  before_order: { tone: 'problem', text: 'On chain: sent before the order', about: 'This transfer was made before the order was placed' },
  invalid_input: { tone: 'problem', text: 'On chain: cannot be checked', about: 'The transaction hash, the address or the amount cannot be checked' },
  unavailable: { tone: 'neutral', text: 'On chain: could not check', about: 'The network’s node did not answer usably; checked again later' },
  not_configured: { tone: 'neutral', text: 'On chain: not checked', about: 'This network is not checked on this desk: no node is configured' },
};

function chainStateBadge(check: ChainCheckView | null): Badge | null {
  if (check === null) return null;
  const { have, need } = confirmations(check);
  switch (check.state) {
    case 'confirmed':
      return { tone: 'ok', text: `On chain: confirmed (${have}/${need})`, about: 'The right USDT transfer, with the confirmations the network requires' };
    case 'confirming':
      return { tone: 'waiting', text: `On chain: ${have} of ${need} confirmations`, about: 'The right USDT transfer, still gathering confirmations' };
    default:
      return FIXED_CHAIN_BADGES[check.state];
  }
}
