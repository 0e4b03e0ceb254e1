/**
 * What a bank account's statements post (docs/ledger.md, "Bank accounts"). The account moves as its
 * lines say, on the day the bank booked them; money no order explains waits in the account's
 * suspense until a match or an admin's assignment says whose it is, or an admin marks it for refund.
 */
import { Money } from '../pricing/decimal';
import type { StatementImported, StatementLineRecorded } from '../reconciliation/bank-statement.events';
import type { PaymentMatched } from '../order/order.events';
import { ACCOUNTS } from './ledger-accounts';
import { dayBefore } from './desk-day';
import { entry, posting, type Posting } from './posting';

/** A line as the books hold it: enough to post its refund or match later. */
export interface BookedLine {
  direction: 'credit' | 'debit';
  amount: string;
  bookedOn: string;
}

const lineSubject = (bankAccountId: string, lineKey: string | null) => ({ orderId: null, bankAccountId, lineKey, txHash: null });

/** Money into the account is a debit of it (an asset grows); out of it, a credit. */
const signed = (line: BookedLine) => (line.direction === 'credit' ? new Money(line.amount) : new Money(line.amount).negated());

/**
 * The account's balance before its first line, as its first statement states it: the bank account
 * against the opening balances (equity). Dated the day before the statement's first day, so that
 * day's position opens on it. Nothing when the books of the account have begun already (a later
 * statement's opening is the bank's word, compared in the position, never booked over the lines).
 */
export function openingPosting(tenantId: string, bankAccountId: string, imported: StatementImported['data'], begun: boolean): Posting | null {
  const opening = imported.openingBalance;
  if (begun || opening === null || new Money(opening.amount).isZero()) return null;
  const amount = new Money(opening.amount);
  return posting('opening_balance', tenantId, dayBefore(opening.on), lineSubject(bankAccountId, null), [
    entry(ACCOUNTS.bank(bankAccountId), 'INR', amount),
    entry(ACCOUNTS.openingBalances, 'INR', amount.negated()),
  ]);
}

/** A line the bank booked: the account moves, and suspense holds it until something explains it. */
export function linePosting(tenantId: string, bankAccountId: string, recorded: StatementLineRecorded['data']): Posting {
  const { line, key } = recorded;
  const amount = signed(line);
  return posting('statement_line', tenantId, line.bookedOn, lineSubject(bankAccountId, key), [
    entry(ACCOUNTS.bank(bankAccountId), 'INR', amount),
    entry(ACCOUNTS.suspense(bankAccountId), 'INR', amount.negated()),
  ]);
}

/** An admin marked a line for refund: out of suspense, into what the desk owes back. */
export function refundPosting(tenantId: string, bankAccountId: string, lineKey: string, line: BookedLine): Posting {
  const amount = signed(line);
  return posting('refund_marked', tenantId, line.bookedOn, lineSubject(bankAccountId, lineKey), [
    entry(ACCOUNTS.suspense(bankAccountId), 'INR', amount),
    entry(ACCOUNTS.refundsToSend, 'INR', amount.negated()),
  ]);
}

/**
 * A line is an order's money (matched by its reference, or assigned by an admin): out of suspense,
 * into what the desk owes the order's customer (a credit: they paid; a debit: the desk paid them).
 * When the account is another brand's, each brand's books post their half through what the brands
 * owe each other: the account's brand owes the order's brand the money, and the order's brand owes
 * its customer.
 */
export function matchPostings(orderTenantId: string, orderId: string, match: PaymentMatched['data']): Posting[] {
  const amount = signed(match);
  const subject = { orderId, bankAccountId: match.accountId, lineKey: match.lineKey, txHash: null };
  const suspense = entry(ACCOUNTS.suspense(match.accountId), 'INR', amount);
  const owed = entry(ACCOUNTS.owedToCustomers, 'INR', amount.negated());
  if (match.accountTenantId === orderTenantId) return [posting('payment_matched', orderTenantId, match.bookedOn, subject, [suspense, owed])];
  return [
    posting('payment_matched', match.accountTenantId, match.bookedOn, subject, [
      suspense,
      entry(ACCOUNTS.betweenBrands(orderTenantId), 'INR', amount.negated()),
    ]),
    posting('payment_matched', orderTenantId, match.bookedOn, subject, [entry(ACCOUNTS.betweenBrands(match.accountTenantId), 'INR', amount), owed]),
  ];
}
