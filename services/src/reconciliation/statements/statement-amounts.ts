/**
 * Amounts and balances as the camt.053 and MT940 readers hand them on: decimal strings with two
 * places, worked out with Money (decimal.js), never floats. A bank amount with more than two places
 * that are not zeros is refused rather than rounded: a paisa lost here is a mismatch nobody can see.
 */
import { Money } from '@desk/machines/pricing/decimal';
import { StatementProblem, type ParsedStatement, type StatementLine } from '@desk/machines/reconciliation/statement';

const PLAIN_AMOUNT = /^\d+(\.\d+)?$/;

/** "25000", "25000.5" or "25000.500" as "25000.00"-style text; null when it is not a plain positive decimal or has real digits past the paisa. */
export function moneyText(plain: string): string | null {
  if (!PLAIN_AMOUNT.test(plain)) return null;
  const value = new Money(plain);
  if (!value.mul(100).isInteger()) return null;
  return value.toFixed(2);
}

/** A stated balance's amount, negative when the bank says the account is overdrawn (debit). */
export function signedMoneyText(amount: string, debit: boolean): string {
  return debit && !new Money(amount).isZero() ? `-${amount}` : amount;
}

/** The closing balance the lines imply: opening plus credits minus debits. */
function impliedClosing(opening: string, lines: readonly StatementLine[]): string {
  let balance = new Money(opening);
  for (const line of lines) balance = line.direction === 'credit' ? balance.plus(line.amount) : balance.minus(line.amount);
  return balance.toFixed(2);
}

/**
 * Refuses a statement whose lines do not add up from its opening balance to its closing one: the
 * one check that tells a line the reader missed (or read wrongly) from a statement read right.
 */
export function checkLinesAddUp(statement: ParsedStatement, where: number | null): void {
  const { openingBalance, closingBalance, lines } = statement;
  if (!openingBalance || !closingBalance) return;
  const implied = impliedClosing(openingBalance.amount, lines);
  if (!new Money(implied).eq(closingBalance.amount)) {
    throw new StatementProblem(
      `The statement's lines do not add up: the opening balance ${openingBalance.amount} with its ${lines.length} lines gives ${implied}, but the closing balance says ${closingBalance.amount}.`,
      where,
    );
  }
}

/** A statement split over pages, with the line each page starts on (for the problem we name). */
export interface StatementPage {
  statement: ParsedStatement;
  line: number | null;
}

/**
 * One account's pages joined in the file's order into one statement. Each page must open on the
 * balance the one before closed on: a missing, repeated or reordered page breaks that chain.
 */
export function joinPages(pages: readonly StatementPage[]): ParsedStatement {
  const [first, ...rest] = pages;
  if (!first) throw new StatementProblem('The file holds no statement.');
  let joined: ParsedStatement = { ...first.statement, lines: [...first.statement.lines] };
  for (const page of rest) {
    const { statement } = page;
    if (statement.accountNumber !== joined.accountNumber || statement.currency !== joined.currency) {
      throw new StatementProblem(
        `The file holds statements of more than one account (${joined.accountNumber ?? 'none'} ${joined.currency ?? ''}, then ${statement.accountNumber ?? 'none'} ${statement.currency ?? ''}); upload one account's statement at a time.`,
        page.line,
      );
    }
    const previousClosing = joined.closingBalance;
    const opening = statement.openingBalance;
    if (!previousClosing || !opening || !new Money(previousClosing.amount).eq(opening.amount)) {
      throw new StatementProblem(
        `A page of the statement opens on ${opening?.amount ?? 'no balance'} but the page before it closed on ${previousClosing?.amount ?? 'no balance'}: a page is missing or out of order.`,
        page.line,
      );
    }
    joined = { ...joined, closingBalance: statement.closingBalance, lines: [...joined.lines, ...statement.lines] };
  }
  return joined;
}
