import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { shortAddress } from '../../../lib/order-format';
import type { Tenant } from './tenant-api';

/** Seed-spec section 9: the edit screen lists up to 3 of each; the rest are counted. */
const SHOWN = 3;

const State = ({ active }: { active: boolean }) => <span className={`badge${active ? ' admin-default' : ' admin-inactive'}`}>{active ? 'Active' : 'Inactive'}</span>;

/** What the tenant receives payments on, at a glance, with links to add more for this tenant. */
export function TenantSummary({ tenant }: { tenant: Tenant }) {
  return (
    <div className="admin-page">
      <SummarySection
        title="Bank Accounts"
        label="First bank accounts"
        empty="No bank accounts yet"
        add={{ label: '+ Add Bank Account', to: `/admin/add-bank-account?tenant=${tenant._id}` }}
        entries={tenant.bankAccounts}
        describe={(b) => `${b.bankName} · ${b.accountNumber}`}
      />
      <SummarySection
        title="Crypto Wallets"
        label="First crypto wallets"
        empty="No crypto wallets yet"
        add={{ label: '+ Add Crypto Wallet', to: `/admin/add-crypto-wallet?tenant=${tenant._id}` }}
        entries={tenant.cryptoWallets}
        describe={(w) => (
          <>
            {w.network} · <span title={w.address}>{shortAddress(w.address)}</span>
          </>
        )}
      />
    </div>
  );
}

interface SummarySectionProps<Entry extends { _id: string; isActive: boolean }> {
  /** The heading, followed by the count: "Bank Accounts (4)". */
  title: string;
  /** The list's accessible name. */
  label: string;
  empty: string;
  add: { label: string; to: string };
  entries: readonly Entry[];
  describe: (entry: Entry) => ReactNode;
}

/** One of the tenant's lists: its first few entries with their state, how many more, and a link to add one. */
function SummarySection<Entry extends { _id: string; isActive: boolean }>({ title, label, empty, add, entries, describe }: SummarySectionProps<Entry>) {
  const titleId = useId();
  return (
    <section className="card admin-section" aria-labelledby={titleId}>
      <h2 id={titleId}>
        {title} ({entries.length})
      </h2>
      {entries.length === 0 && <p className="muted">{empty}</p>}
      <ul className="admin-summary" aria-label={label}>
        {entries.slice(0, SHOWN).map((entry) => (
          <li key={entry._id}>
            <span>{describe(entry)}</span>
            <State active={entry.isActive} />
          </li>
        ))}
      </ul>
      {entries.length > SHOWN && <p className="muted">+{entries.length - SHOWN} more</p>}
      <Link className="btn secondary small" to={add.to}>
        {add.label}
      </Link>
    </section>
  );
}
