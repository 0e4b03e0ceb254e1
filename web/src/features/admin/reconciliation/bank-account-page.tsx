import { Link, useParams } from 'react-router';
import { Loaded } from '../../../components/loaded';
import { PageHead } from '../ui/page-head';
import { maskedAccountNumber } from './reconciliation-format';
import { StatementImportsCard } from './statement-imports-card';
import { StatementLinesCard } from './statement-lines-card';
import { StatementUploadCard } from './statement-upload-card';
import { useBankAccounts } from './use-bank-accounts';
import '../admin-forms.css';
import './reconciliation.css';
import { BackLink } from '../../../components/back-link';

/** One bank account's statements: upload one, the imports so far, the lines. */
export function BankAccountPage() {
  const { id = '' } = useParams();
  const accounts = useBankAccounts();
  return (
    <div className="admin-page reconciliation-page">
      <BackLink to="/admin/reconciliation">← Reconciliation</BackLink>
      <Loaded query={accounts} loading="Loading the bank account..." failed="Failed to load the bank account" failedCard>
        {(list) => {
          const account = list.find((candidate) => candidate._id === id);
          if (!account) {
            return (
              <p role="alert" className="card">
                This bank account is not one of the brands&apos; accounts you run. <Link to="/admin/reconciliation">See the bank accounts</Link>.
              </p>
            );
          }
          return (
            <>
              <PageHead
                title={`${account.bankName} ${maskedAccountNumber(account.accountNumberEnd)}`}
                note={`${account.accountName} · ${account.brandName} · IFSC ${account.ifsc}${account.isActive ? '' : ' · Inactive'}`}
              />
              <StatementUploadCard accountId={account._id} />
              <StatementImportsCard accountId={account._id} />
              <StatementLinesCard accountId={account._id} />
            </>
          );
        }}
      </Loaded>
    </div>
  );
}
