import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { countOf, formatPeriod, maskedAccountNumber } from './reconciliation-format';
import type { BankAccount } from './reconciliation-api';
import { useAccountSummaries, type AccountSummary } from './use-bank-accounts';

export const accountPath = (account: { _id: string }) => `/admin/reconciliation/${account._id}`;

const lastStatement = (summary: AccountSummary | null | undefined) =>
  summary === undefined ? '…' : summary === null ? 'Could not load' : summary.latest ? formatPeriod(summary.latest.from, summary.latest.to) : 'None yet';
const linesHeld = (summary: AccountSummary | null | undefined) => (summary ? countOf(summary.linesHeld, 'line') : summary === null ? '-' : '…');

/** The accounts customers pay into, each opening its statements: brand (for the operator), bank, number, IFSC, last statement, lines. */
export function BankAccountsTable({ accounts, showBrand }: { accounts: readonly BankAccount[]; showBrand: boolean }) {
  const summaries = useAccountSummaries(accounts.map((account) => account._id));
  return (
    <DataTable<BankAccount>
      className="admin-table"
      label="Bank accounts"
      rows={accounts}
      rowKey={(account) => account._id}
      empty={<p className="admin-empty">No bank accounts: a brand&apos;s bank accounts are added on its tenant page.</p>}
      columns={[
        showBrand && { header: 'Brand', className: 'nowrap', cell: (account) => account.brandName },
        {
          header: 'Bank',
          rowHeader: true,
          className: 'nowrap',
          cell: (account) => (
            <>
              <Link to={accountPath(account)}>{account.bankName}</Link>
              {!account.isActive && <span className="badge admin-inactive">Inactive</span>}
            </>
          ),
        },
        { header: 'Account name', className: 'wrap', cell: (account) => account.accountName },
        { header: 'Account number', className: 'nowrap', cell: (account) => maskedAccountNumber(account.accountNumberEnd) },
        { header: 'IFSC', className: 'nowrap', cell: (account) => account.ifsc },
        { header: 'Last statement', className: 'nowrap', cell: (account) => lastStatement(summaries.get(account._id)) },
        { header: 'Lines held', className: 'nowrap num', cell: (account) => linesHeld(summaries.get(account._id)) },
      ]}
    />
  );
}
