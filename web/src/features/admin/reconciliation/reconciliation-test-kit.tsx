import { vi } from 'vitest';
import type { FakeApi } from '../../../test/render';
import { renderAdmin } from '../layout/admin-test-kit';
import type { BankAccount, ImportAnswer, OrderWithoutMoney, StatementImport, StatementLayout, StatementLine, UnmatchedLine } from './reconciliation-api';
import { ReconciliationPage } from './reconciliation-page';
import { BankAccountPage } from './bank-account-page';
import { UnmatchedPage } from './unmatched-page';
import { OrdersWithoutMoneyPage } from './orders-without-money-page';

/** Test data and a way to render the reconciliation screens against a fake API; used by the tests only. */

export const ACCOUNT: BankAccount = {
  _id: '5b9aa359-965c-85ce-be00-af27dd79e1fe',
  tenantId: 't-1',
  brandName: 'Alpha Desk',
  bankName: 'HDFC Bank',
  accountName: 'Alpha Desk Trading',
  accountNumberEnd: '5678',
  ifsc: 'HDFC0001234',
  isActive: true,
};

export const statementImport = (patch: Partial<StatementImport> = {}): StatementImport => ({
  _id: 'st-1',
  statementId: 'st-1',
  fileName: 'april.csv',
  fileSha256: 'ab'.repeat(32),
  format: 'csv',
  accountNumber: '50100012345678',
  from: '2026-04-01',
  to: '2026-04-03',
  openingBalance: { on: '2026-04-01', amount: '150000.00' },
  closingBalance: { on: '2026-04-03', amount: '225001.00' },
  lineCount: 3,
  newLineCount: 3,
  importedBy: 'admin-1',
  importedAt: '2026-04-04T06:30:00.000Z',
  ...patch,
});

export const importAnswer = (patch: Partial<StatementImport> = {}): ImportAnswer => {
  const statement = statementImport(patch);
  return { statement, message: `Statement imported: ${statement.newLineCount} new line(s) recorded` };
};

export const line = (n: number, patch: Partial<StatementLine> = {}): StatementLine => ({
  key: `line-${n}`,
  statementId: 'st-1',
  bookedOn: '2026-04-01',
  valueOn: '2026-04-01',
  direction: 'credit',
  amount: '100000.00',
  narration: `UPI-RAVI KUMAR-RAVI@OKAXIS-41234567890${n}`,
  bankReference: `000041234567890${n}`,
  balanceAfter: '250000.00',
  reading: { channel: 'UPI', reference: `41234567890${n}`, payerName: 'Ravi Kumar', reversal: false },
  recordedAt: '2026-04-04T06:30:00.000Z',
  match: null,
  refund: null,
  ...patch,
});

/** A line in the unmatched queue, with the account it is on and the orders of its amount waiting for money. */
export const unmatchedLine = (n: number, patch: Partial<UnmatchedLine> = {}): UnmatchedLine => ({
  ...line(n),
  accountId: ACCOUNT._id,
  accountLabel: 'HDFC Bank ••••5678',
  tenantId: 't-1',
  candidates: [],
  ...patch,
});

export const orderWithoutMoney = (patch: Partial<OrderWithoutMoney> = {}): OrderWithoutMoney => ({
  orderId: '00000000-0000-4000-8000-000000000777',
  refCode: 'ORD-WITHOUT1',
  tenantId: 't-1',
  orderType: 'fiat_to_crypto',
  status: 'completed',
  fiatAmount: '50000',
  reference: '612345678999',
  missing: 'credit',
  since: '2026-04-02T09:00:00.000Z',
  ...patch,
});

/** A layout as the server lists it (services' column-presets.ts): each finds its header row itself and reads rupees. */
const layout = (id: string, name: string, seenIn: string, columns: Omit<StatementLayout['mapping'], 'headerRow' | 'currency'>): StatementLayout => ({
  id,
  name,
  seenIn,
  mapping: { headerRow: 'auto', ...columns, currency: 'INR' },
});

export const LAYOUTS: StatementLayout[] = [
  layout('withdrawal-deposit-dd-mm-yy', 'Withdrawal/Deposit columns (dd/mm/yy)', 'HDFC Bank’s delimited statement', {
    date: { column: 'Date', format: 'dd/mm/yy' },
    valueDate: { column: 'Value Dt' },
    narration: ['Narration'],
    reference: 'Chq./Ref.No.',
    amounts: { kind: 'split', debit: 'Withdrawal Amt.', credit: 'Deposit Amt.' },
    balance: { column: 'Closing Balance' },
  }),
  layout('amount-dr-cr-column-dd-mm-yyyy', 'Dr/Cr marker column (dd-mm-yyyy)', 'Axis Bank’s account statement', {
    date: { column: 'Tran Date', format: 'dd-mm-yyyy' },
    valueDate: { column: 'Value Date' },
    narration: ['Transaction Particulars'],
    reference: 'Chq No',
    amounts: { kind: 'marker', amount: 'Amount(INR)', marker: 'DR|CR', credit: ['CR', 'C'], debit: ['DR', 'D'] },
    balance: { column: 'Balance(INR)' },
  }),
];

const RECONCILIATION_API: FakeApi = {
  'GET /api/admin/bank-accounts': { bankAccounts: [ACCOUNT] },
  'GET /api/admin/statement-layouts': { layouts: LAYOUTS },
  [`GET /api/admin/bank-accounts/${ACCOUNT._id}/statements`]: { statements: [] },
  [`GET /api/admin/bank-accounts/${ACCOUNT._id}/lines`]: { lines: [], total: 0, page: 1, limit: 50 },
};

/** The reconciliation screens at `path`, as an operator admin unless told. */
export function renderReconciliation(path: string, table: FakeApi = {}, as: 'operator' | 'brand' = 'operator') {
  return renderAdmin(
    path,
    { ...RECONCILIATION_API, ...table },
    {
      as,
      pages: {
        '/admin/reconciliation': <ReconciliationPage />,
        '/admin/reconciliation/unmatched': <UnmatchedPage />,
        '/admin/reconciliation/orders-without-money': <OrdersWithoutMoneyPage />,
        '/admin/reconciliation/:id': <BankAccountPage />,
      },
    },
  );
}

/**
 * XMLHttpRequest as the upload uses it, driven by the test: progress, the upload's end, the
 * answer. `FakeUpload.last` is the request the page sent.
 */
export class FakeUpload {
  static last: FakeUpload | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeUpload.last = this;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  sent() {
    this.upload.onload?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }

  static install() {
    FakeUpload.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
  }
}
