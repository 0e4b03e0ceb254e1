import { useOperatorBankDetails } from '../customer-queries';
import { CopyButton } from '../../../components/copy-button';
import { Detail } from '../../../components/detail';

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
          <Detail label="Bank name">{account.bankName}</Detail>
          <Detail label="Account name">{account.accountName}</Detail>
          <Detail label="Account number" className="row">
            <span>{account.accountNumber}</span> <CopyButton text={account.accountNumber} what="account number" />
          </Detail>
          <Detail label="IFSC" className="row">
            <span>{account.ifsc}</span> <CopyButton text={account.ifsc} what="IFSC" />
          </Detail>
        </dl>
      ))}
    </div>
  );
}
