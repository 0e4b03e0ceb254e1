/**
 * The fields of an MT940 statement's tags: balances (:60F:, :62F: …), statement lines (:61:) and
 * their narration (:86:). Amounts are read as text ("1234,5" -> "1234.50"), never as floats.
 */
import { StatementProblem, type StatedBalance, type StatementLine } from '@desk/machines/reconciliation/statement';
import { moneyText, signedMoneyText } from './statement-amounts';
import type { Mt940Tag } from './mt940-tags';

/** A SWIFT amount: digits, then a comma and up to two decimals (the comma is the decimal mark, there is no grouping). */
function amountText(text: string, line: number): string {
  const match = /^(\d+)(?:,(\d{0,2}))?$/.exec(text);
  const amount = match ? moneyText(`${match[1]}.${(match[2] ?? '').padEnd(2, '0')}`) : null;
  if (amount === null) throw new StatementProblem(`The amount "${text}" is not an MT940 amount (digits and a decimal comma, like 25000,00).`, line);
  return amount;
}

/** YYMMDD as yyyy-mm-dd (years 2000-2099, as every statement the desk reads is). */
function dateText(yymmdd: string, line: number): string {
  const day = `20${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) {
    throw new StatementProblem(`The date "${yymmdd}" is not a date (YYMMDD).`, line);
  }
  return day;
}

/**
 * The entry date (MMDD) in the year that puts it nearest the value date: a line valued on 31
 * December and booked on 2 January was booked in the next year, and one valued on 1 January and
 * booked on 31 December in the year before.
 */
function entryDateText(valueOn: string, mmdd: string, line: number): string {
  const year = Number(valueOn.slice(0, 4));
  const value = Date.parse(`${valueOn}T00:00:00Z`);
  const candidates = [year - 1, year, year + 1].map((y) => `${y}-${mmdd.slice(0, 2)}-${mmdd.slice(2, 4)}`);
  const valid = candidates.filter((day) => {
    const parsed = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
  });
  const nearest = valid.sort((a, b) => Math.abs(Date.parse(`${a}T00:00:00Z`) - value) - Math.abs(Date.parse(`${b}T00:00:00Z`) - value))[0];
  if (!nearest) throw new StatementProblem(`The entry date "${mmdd}" is not a date (MMDD).`, line);
  return nearest;
}

/** The currency a balance tag is in, and the balance (signed: D means overdrawn). */
export function balanceOf(tag: Mt940Tag): { currency: string; balance: StatedBalance } {
  const text = tag.lines.join('').trim();
  const match = /^([CD])(\d{6})([A-Z]{3})([\d,]+)$/.exec(text);
  if (!match) throw new StatementProblem(`The balance :${tag.name}:${text} is not a mark (C or D), a date, a currency and an amount.`, tag.line);
  const [, mark, date, currency, amount] = match as unknown as [string, string, string, string, string];
  return { currency, balance: { on: dateText(date, tag.line), amount: signedMoneyText(amountText(amount, tag.line), mark === 'D') } };
}

/**
 * :61: value date, optional entry date, mark, optional funds code, amount, transaction type,
 * customer reference, `//` bank reference; a second line of supplementary details. The lengths
 * SWIFT sets (16 characters for a reference) are not enforced: Indian banks exceed them.
 */
const STATEMENT_LINE = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d[\d,]*)([SNF][A-Z0-9]{3})(.*)$/;

/** RC is the reversal of a credit (money going out again), RD of a debit (money coming back). */
const DIRECTION = { C: 'credit', D: 'debit', RC: 'debit', RD: 'credit' } as const;

/** A :61: line (and the :86: after it, if any) as a statement line. */
export function statementLineOf(tag: Mt940Tag, details: Mt940Tag | undefined): StatementLine {
  const [first = '', ...supplementary] = tag.lines;
  const match = STATEMENT_LINE.exec(first.trim());
  if (!match) {
    throw new StatementProblem(`The statement line :61:${first.trim()} is not a value date, a C or D mark, an amount and a transaction type.`, tag.line);
  }
  const [, value, entry, mark, , amount, , references = ''] = match as unknown as [
    string,
    string,
    string | undefined,
    keyof typeof DIRECTION,
    string | undefined,
    string,
    string,
    string | undefined,
  ];
  const valueOn = dateText(value, tag.line);
  const split = references.indexOf('//');
  const customerReference = (split === -1 ? references : references.slice(0, split)).trim();
  const bankReference = split === -1 ? '' : references.slice(split + 2).trim();
  const parts = [customerReference === 'NONREF' ? '' : customerReference, ...supplementary.map((part) => part.trim())];
  if (details) parts.unshift(narrationOf(details));
  return {
    bookedOn: entry ? entryDateText(valueOn, entry, tag.line) : valueOn,
    valueOn,
    direction: DIRECTION[mark],
    amount: amountText(amount, tag.line),
    narration: parts.filter((part) => part !== '').join(' '),
    bankReference: bankReference || null,
    balanceAfter: null,
  };
}

/** The structured subfields that carry words: booking text, purpose (?20-?29, ?60-?63) and the counterparty's name. */
const NARRATION_SUBFIELDS = /^(00|2\d|6[0-3]|3[23])$/;
const MT940_LINE_LENGTH = 65;

/**
 * :86: as one narration. Structured (`?20…?29`, optionally after a three-digit transaction code):
 * the words of its narration subfields, each a part. Free text: its lines joined, with no space
 * where a line is full (65 characters: the bank cut it mid-word, perhaps mid-UTR) and a space
 * where it is shorter (the bank broke it there).
 */
export function narrationOf(tag: Mt940Tag): string {
  const lines = tag.lines.map((line) => line.replace(/\s+$/, ''));
  const joinedTight = lines.join('');
  const structured = /^(\d{3})?\?\d{2}/.exec(joinedTight);
  if (structured) {
    const subfields = [...joinedTight.slice(structured[1]?.length ?? 0).matchAll(/\?(\d{2})([^?]*)/g)];
    return subfields
      .filter(([, code]) => NARRATION_SUBFIELDS.test(code ?? ''))
      .map(([, , value]) => (value ?? '').trim())
      .filter((value) => value !== '')
      .join(' ');
  }
  // The first line's 65 characters include the tag itself (":86:").
  const lengthOf = (index: number) => (lines[index]?.length ?? 0) + (index === 0 ? tag.name.length + 2 : 0);
  let text = '';
  lines.forEach((line, index) => {
    text += index === 0 || lengthOf(index - 1) >= MT940_LINE_LENGTH ? line : ` ${line.trimStart()}`;
  });
  return text.replace(/\s+/g, ' ').trim();
}
