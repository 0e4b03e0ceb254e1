import { DataTable } from '../data-table';
import { classWords, money } from './books-format';
import type { Balance, BookTotal } from './ledger-api';

/** Whether each currency's book balances on the day: its debits and credits, and a sentence. */
function BooksBalance({ books }: { books: readonly BookTotal[] }) {
  if (books.length === 0) return <p className="muted">Nothing is booked for this brand up to this day.</p>;
  return (
    <ul className="books-totals">
      {books.map((b) => (
        <li key={b.currency}>
          <span className={`books-status ${b.balanced ? 'ok' : 'problem'}`}>
            <span aria-hidden="true">{b.balanced ? '✓' : '✗'}</span> {b.currency}: {b.balanced ? 'balances' : 'does not balance'}
          </span>{' '}
          <span className="muted">
            debits {money(b.currency, b.debits)}, credits {money(b.currency, b.credits)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Every account of the brand at the day's close, in its own direction (held, owed, earned), and whether the books balance. */
export function BalancesCard({ balances, books }: { balances: readonly Balance[]; books: readonly BookTotal[] }) {
  return (
    <section className="card" aria-labelledby="books-balances-heading">
      <h2 id="books-balances-heading">Balances at the close</h2>
      <BooksBalance books={books} />
      <DataTable
        label="Balances"
        className="books-table"
        rows={balances}
        rowKey={(b) => `${b.account}/${b.currency}`}
        empty={null}
        columns={[
          { header: 'Account', rowHeader: true, cell: (b) => b.name },
          { header: 'Balance', className: 'num', cell: (b) => money(b.currency, b.balance) },
          { header: 'What it is', cell: (b) => classWords(b.class) },
        ]}
      />
    </section>
  );
}
