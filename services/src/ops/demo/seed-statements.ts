/**
 * The demo's bank statements (issue 28): one per brand account, shaped like a net-banking CSV export
 * (the HDFC "Withdrawal/Deposit" layout), whose lines are the demo orders' money as a bank would
 * show it: buys paid in with the UTRs their customers typed (one paid by someone else, so the
 * third-party flag shows), a sell's payout, a credit no order explains (the unmatched queue) and a
 * bank charge. Imported through the API as an admin would, then matched (the matcher the API's
 * jobs run). An order verified with no credit behind it is left so, for "Orders without money".
 * Statements are imported once: an account that has any is left as it is.
 */
import { DEMO_CUSTOMERS } from './demo-data';
import { ask } from './demo-api';
import type { DemoApps } from './demo-apps';
import type { DemoPeople } from './seed-people';
import type { WriteLine } from '../progress';

interface Account {
  _id: string;
  tenantId: string;
  bankName: string;
  accountName: string;
  accountNumberEnd: string;
}

interface AdminOrderView {
  _id: string;
  refCode: string;
  orderType: 'buy' | 'sell';
  method: string;
  status: string;
  fiatAmount: string;
  bankReference: string | null;
  bankUtr: string | null;
  brand: { _id: string };
  user: { phone: string };
}

interface Line {
  narration: string;
  ref: string;
  debit?: number;
  credit?: number;
}

/** The account numbers of demo-data.ts's brand accounts, by their last four digits (the API lists them masked). */
const ACCOUNT_NUMBERS: Record<string, string> = { '2345': '000405012345', '5678': '50200012345678' };

/** Someone other than the customer, paying for their order: the third-party payment the desk must see. */
const THIRD_PARTY = 'MOHAN TRADERS';

const inr = (amount: number) => amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Today as the bank writes it (dd/mm/yy). */
function bankDay(now = new Date()): string {
  const [y, m, d] = now.toISOString().slice(0, 10).split('-');
  return `${d}/${m}/${y!.slice(2)}`;
}

/** A statement as the bank's net banking exports it: its header rows, the column row, one row per line with the balance after it. */
export function demoStatementCsv(accountNumber: string, lines: readonly Line[], opening = 500_000): string {
  const day = bankDay();
  let balance = opening;
  const rows = lines.map((line) => {
    balance += (line.credit ?? 0) - (line.debit ?? 0);
    const cell = (amount?: number) => (amount === undefined ? '' : `"${inr(amount)}"`);
    return `${day},"${line.narration}",${line.ref},${day},${cell(line.debit)},${cell(line.credit)},"${inr(balance)}"`;
  });
  return [
    'HDFC BANK Ltd.,,,,,,',
    `Account No :,${accountNumber},,,,,`,
    `Statement From :,${day},To,${day},,,`,
    'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
    ...rows,
    '',
  ].join('\r\n');
}

/** The demo state whose money never reached the statement: "Orders without money" lists it. */
const NO_CREDIT_STATE = 'completed, repriced';

/** The lines a brand's account shows for its demo orders: every bank buy paid in (not the rejected one: its money never came), every sell paid out. */
function linesFor(orders: readonly (AdminOrderView & { state: string })[], brand: string): Line[] {
  const name = (phone: string) => (DEMO_CUSTOMERS.find((c) => c.phone === phone)?.username ?? 'CUSTOMER').toUpperCase();
  const lines: Line[] = [];
  let thirdPartyShown = false;
  for (const order of orders.filter((o) => o.brand._id === brand && o.method === 'bank')) {
    const paidIn = order.orderType === 'buy' && order.status !== 'rejected' && order.state !== NO_CREDIT_STATE;
    if (paidIn && order.bankReference) {
      // The first buy paid in on the operator's account was paid by someone else.
      const payer: string = !thirdPartyShown && brand === 'default' ? THIRD_PARTY : name(order.user.phone);
      thirdPartyShown ||= payer === THIRD_PARTY;
      lines.push({ narration: `NEFT CR-SBIN0000001-${payer}-${order.bankReference}`, ref: order.bankReference, credit: Number(order.fiatAmount) });
    }
    if (order.orderType === 'sell' && order.status === 'completed' && order.bankUtr) {
      lines.push({ narration: `NEFT DR-SBIN0000001-${name(order.user.phone)}-${order.bankUtr}`, ref: order.bankUtr, debit: Number(order.fiatAmount) });
    }
  }
  return lines;
}

/** What no order explains: a credit for the unmatched queue, and the bank's charges. */
const UNEXPLAINED: readonly Line[] = [
  { narration: 'NEFT CR-KKBK0000999-SURESH NAIR-N612345678903', ref: 'N612345678903', credit: 4_321 },
  { narration: 'SMS ALERT CHARGES INCL GST', ref: '', debit: 17.7 },
];

export async function seedStatements(
  apps: DemoApps,
  people: DemoPeople,
  seeded: readonly { id: string; state: string }[],
  write: WriteLine,
): Promise<{ imported: number }> {
  const operator = people.operator;
  const accounts = (await ask<{ bankAccounts: Account[] }>(apps.api, 'GET', '/api/admin/bank-accounts', operator)).body.bankAccounts;
  const orders = await Promise.all(
    seeded.map(async ({ id, state }) => ({ ...(await ask<AdminOrderView>(apps.api, 'GET', `/api/admin/orders/${id}`, operator)).body, state })),
  );
  let imported = 0;
  for (const account of accounts) {
    const accountNumber = ACCOUNT_NUMBERS[account.accountNumberEnd];
    if (!accountNumber) continue;
    const held = await ask<{ statements: unknown[] }>(apps.api, 'GET', `/api/admin/bank-accounts/${account._id}/statements`, operator);
    if (held.body.statements.length > 0) {
      write(`[seed] ${account.bankName} ••••${account.accountNumberEnd}: statements already imported`);
      continue;
    }
    const lines = [...linesFor(orders, account.tenantId), ...(account.tenantId === 'default' ? UNEXPLAINED : [])];
    const form = new FormData();
    form.set('file', new File([demoStatementCsv(accountNumber, lines)], `statement-${account.accountNumberEnd}.csv`, { type: 'text/csv' }));
    const answer = await ask<{ message: string }>(apps.api, 'POST', `/api/admin/bank-accounts/${account._id}/statements`, { ...operator, form }, [201]);
    write(`[seed] ${account.bankName} ••••${account.accountNumberEnd}: ${answer.body.message}`);
    imported++;
  }
  if (imported > 0) {
    await apps.project();
    await apps.matchStatements();
    await apps.project();
    // Counted from the lines as the screens read them: a running server's matching job may have matched them first.
    const matched = await Promise.all(
      accounts.map(
        async (account) =>
          (await ask<{ total: number }>(apps.api, 'GET', `/api/admin/bank-accounts/${account._id}/lines?state=matched&limit=1`, operator)).body.total,
      ),
    );
    write(`[seed] statement lines matched to orders: ${matched.reduce((sum, n) => sum + n, 0)}`);
  }
  return { imported };
}
