import { formatBalance, formatName, formatPeriod } from './reconciliation-format';
import type { ImportAnswer } from './reconciliation-api';
import { Detail } from '../../../components/detail';

/** What an accepted statement added: its period, how many of its lines were new and how many the account already held, its stated balances. */
export function ImportResult({ answer }: { answer: ImportAnswer }) {
  const { statement } = answer;
  const held = statement.lineCount - statement.newLineCount;
  return (
    <section className="import-result" aria-label="Statement imported">
      <h3>{statement.newLineCount === 0 ? 'Statement imported: every line was already recorded' : 'Statement imported'}</h3>
      <dl className="admin-details">
        <Detail label="New lines recorded">{statement.newLineCount.toLocaleString('en-IN')}</Detail>
        <Detail label="Lines already held">{held.toLocaleString('en-IN')}</Detail>
        <Detail label="Period">{formatPeriod(statement.from, statement.to)}</Detail>
        <Detail label="Format">{formatName(statement.format)}</Detail>
        <Detail label="Opening balance (stated)">{formatBalance(statement.openingBalance)}</Detail>
        <Detail label="Closing balance (stated)">{formatBalance(statement.closingBalance)}</Detail>
      </dl>
      {statement.accountNumber === null && (
        <p className="import-note">
          This statement does not print its account number, so the desk could not check it is this account&apos;s. Check it before relying on its lines.
        </p>
      )}
    </section>
  );
}
