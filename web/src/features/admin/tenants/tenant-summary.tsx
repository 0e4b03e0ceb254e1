import { Link } from 'react-router';
import { shortAddress } from '../../../lib/order-format';
import type { Tenant } from './tenant-api';

/** Seed-spec section 9: the edit screen lists up to 3 of each; the rest are counted. */
const SHOWN = 3;

function More({ total }: { total: number }) {
  return total > SHOWN ? <p className="muted">+{total - SHOWN} more</p> : null;
}

const State = ({ active }: { active: boolean }) => <span className={`badge${active ? ' admin-default' : ' admin-inactive'}`}>{active ? 'Active' : 'Inactive'}</span>;

/** What the tenant receives payments on, at a glance, with links to add more for this tenant. */
export function TenantSummary({ tenant }: { tenant: Tenant }) {
  return (
    <div className="admin-page">
      <section className="card admin-section" aria-labelledby="summary-banks">
        <h2 id="summary-banks">Bank Accounts ({tenant.bankAccounts.length})</h2>
        {tenant.bankAccounts.length === 0 && <p className="muted">No bank accounts yet</p>}
        <ul className="admin-summary" aria-label="First bank accounts">
          {tenant.bankAccounts.slice(0, SHOWN).map((b) => (
            <li key={b._id}>
              <span>
                {b.bankName} · {b.accountNumber}
              </span>
              <State active={b.isActive} />
            </li>
          ))}
        </ul>
        <More total={tenant.bankAccounts.length} />
        <Link className="btn secondary small" to={`/admin/add-bank-account?tenant=${tenant._id}`}>
          + Add Bank Account
        </Link>
      </section>
      <section className="card admin-section" aria-labelledby="summary-wallets">
        <h2 id="summary-wallets">Crypto Wallets ({tenant.cryptoWallets.length})</h2>
        {tenant.cryptoWallets.length === 0 && <p className="muted">No crypto wallets yet</p>}
        <ul className="admin-summary" aria-label="First crypto wallets">
          {tenant.cryptoWallets.slice(0, SHOWN).map((w) => (
            <li key={w._id}>
              <span>
                {w.network} · <span title={w.address}>{shortAddress(w.address)}</span>
              </span>
              <State active={w.isActive} />
            </li>
          ))}
        </ul>
        <More total={tenant.cryptoWallets.length} />
        <Link className="btn secondary small" to={`/admin/add-crypto-wallet?tenant=${tenant._id}`}>
          + Add Crypto Wallet
        </Link>
      </section>
    </div>
  );
}
