import { statusLabel } from '@desk/machines/order/order-state';
import { formatInr, formatUsdt } from '@desk/machines/pricing/pricing';
import { formatInstant } from '../ui/as-of';

/**
 * The order's fields as an officer reads them: a name in words and the value formatted (₹ amounts,
 * USDT, statuses in words, times to the second), keyed by the order JSON's top-level field. The
 * order JSON repeats some fields under a second name for the clients (amountINR, statusLabel, ...):
 * those are left out here, so a change is said once.
 */
type Order = Record<string, unknown>;
type Show = (value: unknown, order: Order) => string;

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);
const join = (parts: (string | null | false | undefined)[]) => parts.filter(Boolean).join(' · ');

const inr: Show = (v) => (str(v) ? formatInr(str(v)!) : '');
const usdt: Show = (v) => (str(v) ? formatUsdt(str(v)!) : '');
const time: Show = (v) => (str(v) ? formatInstant(str(v)) : '');
const plain: Show = (v) => str(v) ?? '';
const yesNo: Show = (v) => (v === true ? 'Yes' : v === false ? 'No' : '');
const isBuy = (order: Order) => order.type === 'fiat_to_crypto';

const METHODS: Record<string, string> = { bank: 'Bank transfer', cash: 'Cash' };
const FLAG_WORDS: Record<string, string> = {
  duplicate_reference: 'payment reference also on another order',
  duplicate_proof: 'proof image also on another order',
  over_customer_limit: "over the customer's limit",
  reference_matched_elsewhere: 'reference pays another order on a statement',
  payment_reversed: 'payment reversed by the bank',
  payout_mismatch: 'payout not shown on the chain',
  paid_to_other_brand: "paid into another brand's account",
};
const REQUEST_MODES: Record<string, string> = { approve: 'approve the payout', complete: 'complete the order' };
const person = (v: unknown) => {
  const p = record(v);
  return str(p.username) ?? str(p.phone) ?? (p._id === null ? 'the operator' : str(p._id));
};

/** Each field the timeline names, in the order a reader expects them. */
const FIELDS: [key: string, label: string, show: Show][] = [
  ['status', 'Status', (v) => (str(v) ? statusLabel(str(v) as never) : '')],
  ['type', 'Order', (v) => (v === 'fiat_to_crypto' ? 'Buy USDT' : v === 'crypto_to_fiat' ? 'Sell USDT' : plain(v, {}))],
  ['fiatAmount', 'INR amount', inr],
  ['cryptoAmount', 'USDT amount', usdt],
  ['rate', 'Rate', (v) => (str(v) ? `${formatInr(str(v)!)} per USDT` : '')],
  ['feePercent', 'Fee', (v) => (str(v) ? `${str(v)}%` : '')],
  ['feeAmount', 'Fee amount', (v, order) => (isBuy(order) ? usdt(v, order) : inr(v, order))],
  ['method', 'Payment method', (v) => METHODS[String(v)] ?? plain(v, {})],
  ['network', 'Network', plain],
  ['withdrawAddress', "Customer's USDT address", plain],
  ['depositAddress', "Desk's deposit address", plain],
  [
    'payoutBankAccount',
    "Customer's bank account",
    (v) => join([str(record(v).bankName), str(record(v).accountName), str(record(v).accountNumber), str(record(v).ifsc)]),
  ],
  ['bankReference', 'Payment reference (UTR)', plain],
  [
    'attachments',
    'Proof files',
    (v) =>
      Array.isArray(v)
        ? v
            .map((a) => str(record(a).name))
            .filter(Boolean)
            .join(', ')
        : '',
  ],
  ['proofCount', 'Proofs submitted', plain],
  ['cryptoReference', 'Transaction hash', plain],
  ['bankUtr', 'Bank UTR', plain],
  ['rateLockedUntil', 'Rate locked until', time],
  ['paymentDueAt', 'Payment due by', time],
  ['rateLockExpiredProof', 'Proof came after the rate lock', yesNo],
  ['latePayment', 'Paid late', yesNo],
  ['reason', 'Reason', (v) => join([str(record(v).label), str(record(v).note)])],
  ['flags', 'Flags', (v) => (Array.isArray(v) ? v.map((f) => FLAG_WORDS[String(record(f).kind)] ?? String(record(f).kind)).join('; ') : '')],
  [
    'completionRequest',
    'Waiting for a second admin',
    (v) =>
      v
        ? join([
            `to ${REQUEST_MODES[String(record(v).mode)] ?? 'complete the order'}`,
            str(record(v).fiatAmount) && formatInr(str(record(v).fiatAmount)!),
            str(record(v).rate) && `at ${formatInr(str(record(v).rate)!)} per USDT`,
            person(record(v).requestedBy) && `asked by ${person(record(v).requestedBy)}`,
          ])
        : '',
  ],
  [
    'payoutApproval',
    'Payout approved',
    (v) => (v ? join([person(record(v).approvedBy) && `by ${person(record(v).approvedBy)}`, time(record(v).approvedAt, {})]) : ''),
  ],
  [
    'bankMatch',
    'Bank statement line',
    (v) =>
      v
        ? join([
            str(record(v).accountLabel),
            str(record(v).bookedOn),
            inr(record(v).amount, {}),
            str(record(v).reference) && `ref ${str(record(v).reference)}`,
            str(record(v).payerName) && `from ${str(record(v).payerName)}`,
          ])
        : '',
  ],
  ['chainCheck', 'Chain reading', (v) => (v ? join([str(record(v).words) ?? str(record(v).state), str(record(v).txHash)]) : '')],
  ['completedAt', 'Completed at', time],
  ['user', 'Customer', (v) => join([str(record(v).username), str(record(v).phone)])],
  ['brand', 'Brand', (v) => str(record(v).name) ?? ''],
];

/** Fields the order JSON repeats under another name, or that change with every step: never listed. */
const UNSAID = new Set([
  '_id',
  'refCode',
  'orderType',
  'statusLabel',
  'amountINR',
  'amountUSDT',
  'rejectedReason',
  'priceHistory',
  'createdAt',
  'updatedAt',
  'payoutAwaitsApproval',
]);

export interface FieldChange {
  key: string;
  label: string;
  /** What it was before the step, in words; empty when it had no value. */
  before: string;
  after: string;
}

/** "payoutBankAccount" as "Payout bank account": a field no table names yet still reads as words. */
const words = (key: string) => {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

const fallback: Show = (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * The fields a step changed, named and formatted: `paths` are the changes the server found (dotted
 * paths into the order), `before` and `after` the whole order on either side of the step.
 */
export function changedFields(paths: readonly string[], before: Order | null, after: Order): FieldChange[] {
  const touched = new Set(paths.map((p) => p.split('.')[0]!).filter((key) => !UNSAID.has(key)));
  const known = FIELDS.filter(([key]) => touched.has(key));
  const others = [...touched].filter((key) => !FIELDS.some(([k]) => k === key)).map((key): [string, string, Show] => [key, words(key), fallback]);
  return [...known, ...others]
    .map(([key, label, show]) => ({ key, label, before: before ? show(before[key], before) : '', after: show(after[key], after) }))
    .filter((c) => c.before !== c.after);
}

/** The whole order in words, every field the table names, for the disclosure under a step. */
export function orderInWords(order: Order): { label: string; value: string }[] {
  return FIELDS.map(([key, label, show]) => ({ label, value: show(order[key], order) })).filter((row) => row.value !== '');
}
