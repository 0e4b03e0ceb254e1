import { Detail } from '../../../components/detail';
import type { BankAccountInput } from './tenant-api';

interface BankAccountPreviewProps {
  tenantName: string | undefined;
  account: BankAccountInput;
}

/** The account as customers of the tenant will see it on their buy orders. */
export function BankAccountPreview({ tenantName, account }: BankAccountPreviewProps) {
  const rows: [string, string][] = [
    ['Tenant', tenantName ?? 'No tenant selected'],
    ['Bank Name', account.bankName],
    ['Account Name', account.accountName],
    ['Account Number', account.accountNumber],
    ['IFSC Code', account.ifsc],
  ];
  return (
    <aside className="card admin-preview" aria-labelledby="bank-preview-title">
      <h2 id="bank-preview-title">Preview</h2>
      <dl className="admin-details" style={{ gridTemplateColumns: '1fr' }}>
        {rows.map(([label, value]) => (
          <Detail key={label} label={label}>
            {value.trim() || '-'}
          </Detail>
        ))}
      </dl>
      <span className={`badge${account.isActive ? ' admin-default' : ' admin-inactive'}`}>
        {account.isActive ? 'Active: can receive payments' : 'Inactive'}
      </span>
    </aside>
  );
}
