import type { Column } from '../../../components/data-table';

type BankAccountFields = { bankName: string; accountName: string; accountNumber: string; ifsc: string };

/** A bank account's own columns, as the admin lists them: a customer's saved ones and a tenant's. */
export const BANK_ACCOUNT_COLUMNS: readonly Column<BankAccountFields>[] = [
  { header: 'Bank Name', cell: (a) => a.bankName },
  { header: 'Account Name', cell: (a) => a.accountName },
  { header: 'Account Number', className: 'nowrap', cell: (a) => a.accountNumber },
  { header: 'IFSC', className: 'nowrap', cell: (a) => a.ifsc },
];
