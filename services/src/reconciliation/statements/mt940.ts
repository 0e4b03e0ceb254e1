/**
 * SWIFT MT940 customer statements as Indian banks export them.
 *
 * Why not mt940js (1.3.5, read with its tests, then removed): it reads every amount as a float
 * (`parseFloat(amount.replace(',', '.'))`), so "1,00,000" silently becomes 1 and sums drift; it
 * dates a 31 December line booked on 1 January in the same year (the entry date takes the value
 * date's year); a line before the first tag crashes it with a TypeError; it accepts a :61: with
 * garbage after the amount ("0,2XNTRF" reads as 0.20 of type XNTR); and its errors name no line.
 * None of that can be configured away, and the format is small: this reader is four short files.
 */
import { StatementProblem, type ParsedStatement, type StatedBalance } from '@desk/machines/reconciliation/statement';
import { checkLinesAddUp, joinPages, type StatementPage } from './statement-amounts';
import { balanceOf, statementLineOf } from './mt940-fields';
import { mt940Tags, type Mt940Tag } from './mt940-tags';

/** The tags of each statement in the file: each starts at a :20:. */
function statementsOf(tags: Mt940Tag[]): Mt940Tag[][] {
  const groups: Mt940Tag[][] = [];
  for (const tag of tags) {
    if (tag.name === '20') groups.push([tag]);
    else {
      const current = groups.at(-1);
      if (!current) throw new StatementProblem(`The tag :${tag.name}: comes before the statement's :20:.`, tag.line);
      current.push(tag);
    }
  }
  if (groups.length === 0) throw new StatementProblem('The file holds no MT940 statement (no :20: tag).', 1);
  return groups;
}

function readStatement(tags: Mt940Tag[]): StatementPage {
  const start = tags[0]?.line ?? null;
  const account = tags.find((tag) => tag.name === '25' || tag.name === '25P');
  let currency: string | null = null;
  let openingBalance: StatedBalance | null = null;
  let closingBalance: StatedBalance | null = null;
  const lines: ParsedStatement['lines'] = [];
  const balance = (tag: Mt940Tag): StatedBalance => {
    const read = balanceOf(tag);
    if (currency !== null && read.currency !== currency) {
      throw new StatementProblem(`The balance is in ${read.currency} but the statement is in ${currency}.`, tag.line);
    }
    currency = read.currency;
    return read.balance;
  };
  tags.forEach((tag, index) => {
    if (tag.name === '60F' || tag.name === '60M') {
      if (openingBalance) throw new StatementProblem('The statement has a second opening balance.', tag.line);
      openingBalance = balance(tag);
    } else if (tag.name === '61') {
      if (!openingBalance || closingBalance) throw new StatementProblem('A statement line (:61:) stands outside the opening and closing balances.', tag.line);
      const next = tags[index + 1];
      lines.push(statementLineOf(tag, next?.name === '86' ? next : undefined));
    } else if (tag.name === '62F' || tag.name === '62M') {
      if (closingBalance) throw new StatementProblem('The statement has a second closing balance.', tag.line);
      closingBalance = balance(tag);
    } else if (tag.name === '64' || tag.name === '65') {
      balance(tag); // read to refuse a malformed or foreign-currency one; the desk keeps the booked balance
    }
  });
  if (!account) throw new StatementProblem('The statement has no account (:25:).', start);
  if (!openingBalance) throw new StatementProblem('The statement has no opening balance (:60F: or :60M:).', start);
  if (!closingBalance) throw new StatementProblem('The statement has no closing balance (:62F: or :62M:).', start);
  const statement: ParsedStatement = {
    format: 'mt940',
    accountNumber: account.lines.join('').trim() || null,
    currency,
    openingBalance,
    closingBalance,
    lines,
  };
  checkLinesAddUp(statement, start);
  return { statement, line: start };
}

/**
 * The file's statement. Several statements in one file are pages of one account (a :60M:/:62M:
 * pair between them), joined in order: each must open where the one before closed, or the file is
 * refused. Statements of several accounts are refused: the desk imports one account at a time.
 */
export function readMt940(text: string): ParsedStatement {
  return joinPages(statementsOf(mt940Tags(text)).map(readStatement));
}
