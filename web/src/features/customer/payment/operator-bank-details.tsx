import { useOperatorBankDetails } from '../customer-queries';
import { CopyButton } from '../../../components/copy-button';

/** Where a buyer sends the INR: the tenant's active bank accounts. */
export function OperatorBankDetails() {
  const { data } = useOperatorBankDetails();
  // A failed fetch is only logged; the panel keeps its loading text (seed-spec section 8).
  if (!data) return <p className="muted">Loading bank details...</p>;
  if (data.length === 0) return <p className="muted">No bank details available. Please contact support.</p>;
  return (
    <div className="operator-accounts">
      {data.map((account) => (
        <dl key={`${account.accountNumber}-${account.ifsc}`} className="details">
          <div>
            <dt>Bank name</dt>
            <dd>{account.bankName}</dd>
          </div>
          <div>
            <dt>Account name</dt>
            <dd>{account.accountName}</dd>
          </div>
          <div>
            <dt>Account number</dt>
            <dd className="row">
              <span>{account.accountNumber}</span> <CopyButton text={account.accountNumber} what="account number" />
            </dd>
          </div>
          <div>
            <dt>IFSC</dt>
            <dd className="row">
              <span>{account.ifsc}</span> <CopyButton text={account.ifsc} what="IFSC" />
            </dd>
          </div>
        </dl>
      ))}
    </div>
  );
}
