import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Field } from '../field';
import { Loaded } from '../loaded';
import { BalancesCard } from './balances-card';
import { ExportCard } from './export-card';
import { formatDay } from './books-format';
import { booksApi, booksKeys, type BooksArea, type BrandChoice } from './ledger-api';
import { PositionTable } from './position-table';
import { PositionCards } from './position-cards';
import { useBooksParams } from './use-books-params';
import './books.css';
import { OptionsSelect } from '../options-select';

interface BooksScreenProps {
  area: BooksArea;
  /** The desk's own title row, given the brand's name once known; without it, the screen's own. */
  head?: (brandName: string | null) => ReactNode;
}

/**
 * The desk's books for one brand and day (docs/ledger.md): each bank account and wallet with its
 * opening, in, out and closing beside what the bank or the chain says, the difference in words; every
 * account's balance; whether the books balance; and the entries as CSV. Admins and compliance
 * officers read the same screen, each through their own routes and scope.
 */
export function BooksScreen({ area, head }: BooksScreenProps) {
  const params = useBooksParams();
  const position = useQuery({ queryKey: booksKeys.position(area, params.query), queryFn: () => booksApi.position(area, params.query) });
  const answer = position.data;
  return (
    <div className="books-page">
      {(head ?? ((brand) => <BooksHead area={area} brand={brand} />))(answer?.position.brandName ?? null)}
      <form className="row books-filters" onSubmit={(e) => e.preventDefault()} aria-label="Which brand and day">
        {answer?.brands && <BrandField brands={answer.brands} value={params.tenantId || answer.position.tenantId} onChange={params.setBrand} />}
        <Field label="Day">
          <input type="date" value={params.day} max={params.today} required onChange={(e) => e.target.value && params.setDay(e.target.value)} />
        </Field>
      </form>
      <Loaded query={position} loading="Loading the books..." failed={position.error?.message ?? 'The books could not be read'} failedCard>
        {({ position: p }) => (
          <>
            <section className="card" aria-labelledby="books-position-heading">
              <h2 id="books-position-heading">
                {p.brandName} on {formatDay(p.day)}
              </h2>
              <p className="muted">
                {p.today
                  ? 'Today so far. Wallets are compared with the chain as it is now.'
                  : 'As the books stand now for that day. Wallets are compared with the chain only for today.'}
              </p>
              {/* One or the other shows (books.css): a table on wider screens, cards on a phone. */}
              <div className="books-wide">
                <PositionTable accounts={p.accounts} />
              </div>
              <div className="books-narrow">
                <PositionCards accounts={p.accounts} />
              </div>
            </section>
            <BalancesCard balances={p.balances} books={p.books} />
            <ExportCard key={`${p.tenantId}/${p.day}`} area={area} tenantId={params.tenantId || undefined} day={p.day} today={params.today} />
          </>
        )}
      </Loaded>
    </div>
  );
}

function BrandField({ brands, value, onChange }: { brands: readonly BrandChoice[]; value: string; onChange: (id: string) => void }) {
  return (
    <Field label="Brand">
      <OptionsSelect value={value} options={brands.map((brand) => ({ value: brand.id, label: brand.name }))} onChange={onChange} />
    </Field>
  );
}

/** The screen's own title: what the books are, and for an officer that each read is on their trail. */
function BooksHead({ area, brand }: { area: BooksArea; brand: string | null }) {
  return (
    <div className="books-head">
      <h1>Books</h1>
      <p className="muted">
        Each bank account and wallet{brand ? ` of ${brand}` : ''}, day by day: what the desk&apos;s books say beside what the bank and the chain say.
        {area === 'compliance' && ' Each read is recorded on your access trail.'}
      </p>
    </div>
  );
}
