import { formatBalance, formatName, formatPeriod } from './reconciliation-format';
import type { ImportAnswer } from './reconciliation-api';

/** What an accepted statement added: its period, how many of its lines were new and how many the account already held, its stated balances. */
export function ImportResult({ answer }: { answer: ImportAnswer }) {
  const { statement } = answer;
  const held = statement.lineCount - statement.newLineCount;
  return (
    <section className="import-result" aria-label="Statement imported">
      <h3>{statement.newLineCount === 0 ? 'Statement imported: every line was already recorded' : 'Statement imported'}</h3>
      <dl className="admin-details">
        <div>
          <dt>New lines recorded</dt>
          <dd>{statement.newLineCount.toLocaleString('en-IN')}</dd>
        </div>
        <div>
          <dt>Lines already held</dt>
          <dd>{held.toLocaleString('en-IN')}</dd>
        </div>
        <div>
          <dt>Period</dt>
          <dd>{formatPeriod(statement.from, statement.to)}</dd>
        </div>
        <div>
          <dt>Format</dt>
          <dd>{formatName(statement.format)}</dd>
        </div>
        <div>
          <dt>Opening balance (stated)</dt>
          <dd>{formatBalance(statement.openingBalance)}</dd>
        </div>
        <div>
          <dt>Closing balance (stated)</dt>
          <dd>{formatBalance(statement.closingBalance)}</dd>
        </div>
      </dl>
      {statement.accountNumber === null && (
        <p className="import-note">
          This statement does not print its account number, so the desk could not check it is this account&apos;s. Check it before relying on its lines.
        </p>
      )}
    </section>
  );
}
