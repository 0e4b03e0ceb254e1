import { moneyWords } from '@desk/machines/ledger/position';
import type { Balance, Holding } from './ledger-api';

/**
 * How the Books screen words the books: amounts in rupees or USDT, days as people read them, where a
 * source's balance came from, and what each kind of account is.
 */

// The books' days are calendar days (yyyy-mm-dd), not instants: read and shown in UTC so no time zone moves them.
const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

export const money = (currency: string, amount: string) => moneyWords(currency === 'USDT' ? 'USDT' : 'INR', amount);

/** Where the source's balance was read, under its amount. */
export function sourceNote(source: Holding['source']): string | null {
  if (source.kind !== 'balance') return null;
  if (source.from === 'chain') return 'block' in source && source.block ? `on chain now, block ${source.block}` : 'on chain now';
  const what = source.from === 'statement_closing' ? 'stated closing' : 'after the last line';
  return `${what}, ${formatDay(source.asOf)}`;
}

const CLASS_WORDS: Record<Balance['class'], string> = {
  asset: 'Held',
  liability: 'Owed',
  equity: 'Capital',
  revenue: 'Earned',
  trading: 'Currency position',
  clearing: 'Waiting to be explained',
};

export const classWords = (accountClass: Balance['class']) => CLASS_WORDS[accountClass] ?? accountClass;

/** The comparison's mark: a symbol beside the words, so the meaning never rests on colour alone. */
export const STATUS_MARK: Record<Holding['status'], { symbol: string; tone: string }> = {
  agrees: { symbol: '✓', tone: 'ok' },
  differs: { symbol: '✗', tone: 'problem' },
  not_checked: { symbol: '–', tone: 'neutral' },
};
