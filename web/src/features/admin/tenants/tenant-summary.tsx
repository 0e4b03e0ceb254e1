import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { shortAddress } from '../../../lib/order-format';
import type { Tenant } from './tenant-api';
import { tenantListText, type TenantListName } from './tenant-lists';

/** Seed-spec section 9: the edit screen lists up to 3 of each; the rest are counted. */
const SHOWN = 3;

const State = ({ active }: { active: boolean }) => (
  <span className={`badge${active ? ' admin-default' : ' admin-inactive'}`}>{active ? 'Active' : 'Inactive'}</span>
);

/** What the tenant receives payments on, at a glance, with links to add more for this tenant. */
export function TenantSummary({ tenant }: { tenant: Tenant }) {
  return (
    <div className="admin-page">
      <SummarySection tenant={tenant} list="bankAccounts" describe={(b) => `${b.bankName} · ${b.accountNumber}`} />
      <SummarySection
        tenant={tenant}
        list="cryptoWallets"
        describe={(w) => (
          <>
            {w.network} · <span title={w.address}>{shortAddress(w.address)}</span>
          </>
        )}
      />
    </div>
  );
}

interface SummarySectionProps<List extends TenantListName> {
  tenant: Tenant;
  list: List;
  describe: (entry: Tenant[List][number]) => ReactNode;
}

/** One of the tenant's lists: its first few entries with their state, how many more, and a link to add one. */
function SummarySection<List extends TenantListName>({ tenant, list, describe }: SummarySectionProps<List>) {
  const titleId = useId();
  const text = tenantListText(tenant, list);
  const entries: readonly Tenant[List][number][] = tenant[list];
  return (
    <section className="card admin-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{text.heading}</h2>
      {entries.length === 0 && <p className="muted">{text.empty}</p>}
      <ul className="admin-summary" aria-label={`First ${text.name.toLowerCase()}`}>
        {entries.slice(0, SHOWN).map((entry) => (
          <li key={entry._id}>
            <span>{describe(entry)}</span>
            <State active={entry.isActive} />
          </li>
        ))}
      </ul>
      {entries.length > SHOWN && <p className="muted">+{entries.length - SHOWN} more</p>}
      <Link className="btn secondary small" to={text.addTo}>
        + Add {text.one}
      </Link>
    </section>
  );
}
