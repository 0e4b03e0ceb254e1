import { chainCheckWords } from '@desk/machines/chain/chain-check-words';
import type { OrderView } from '@desk/machines/order/order-state';
import { statusLabel } from '@desk/machines/order/order-state';
import { CUSTOMER_REASONS, REASON_CODES, REASON_LABELS } from '@desk/machines/order/order-reasons';
import type { ProofLink } from '../files/proof-links';
import type { Headroom, WindowHeadroom } from '@desk/machines/order/customer-limits';
import { z } from 'zod';
import { NETWORKS } from '@desk/machines/addresses/networks';
import { CHAIN_CHECK_STATES } from '@desk/machines/chain/chain-check';
import { SECOND_ADMIN_REASONS } from '@desk/machines/order/four-eyes';

const time = z.iso.datetime();
const ORDER_STATUSES = ['pending', 'fiat_received', 'approved', 'crypto_sent', 'completed', 'rejected', 'cancelled', 'expired'] as const;
const decimal = (what: string) => z.string().describe(`${what}, a decimal string`);

/** A sell's payout account, as the order keeps it. */
export const payoutBankAccountJsonSchema = z.object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string(), ifsc: z.string() });

/** An order as the clients read it (`orderJson`); the admin's (`adminOrderJson`) adds the desk's fields. */
export const orderJsonSchema = z.object({
  _id: z.string(),
  refCode: z.string(),
  type: z.enum(['fiat_to_crypto', 'crypto_to_fiat']),
  orderType: z.enum(['buy', 'sell']),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string().describe('The status in words'),
  method: z.enum(['bank', 'cash']),
  network: z.enum(NETWORKS),
  rate: decimal('INR per USDT'),
  feePercent: decimal('The fee in percent'),
  feeAmount: decimal('The fee, in the currency the customer receives'),
  fiatAmount: decimal('INR'),
  amountINR: decimal('INR (the same as fiatAmount)'),
  cryptoAmount: decimal('USDT'),
  amountUSDT: decimal('USDT (the same as cryptoAmount)'),
  withdrawAddress: z.string().nullable().describe('A buy: where the USDT goes'),
  depositAddress: z.string().nullable().describe('A sell: where the customer sends the USDT'),
  payoutBankAccount: payoutBankAccountJsonSchema.nullable().describe('A sell by bank: where the INR goes'),
  bankReference: z.string().nullable(),
  cryptoReference: z.string().nullable(),
  bankUtr: z.string().nullable(),
  attachments: z.array(
    z.object({
      url: z.string().describe('A signed link to the file (GET /files/{fileId}), good for 15 minutes'),
      name: z.string(),
      contentType: z.string(),
      size: z.number(),
    }),
  ),
  proofCount: z.number().int(),
  rateLockedUntil: time,
  rateLockExpiredProof: z.boolean(),
  paymentDueAt: time,
  priceHistory: z
    .array(z.object({ rate: z.string(), fiatAmount: z.string(), cryptoAmount: z.string(), feeAmount: z.string(), replacedAt: time }))
    .readonly()
    .describe('Rates and amounts replaced at completion, the original first'),
  rejectedReason: z.string().nullable().describe('Why the order was rejected or cancelled, in a plain sentence'),
  reason: z.object({ text: z.string() }).nullable(),
  latePayment: z.boolean(),
  createdAt: time,
  updatedAt: time,
  completedAt: time.nullable(),
  user: z.object({ _id: z.string(), phone: z.string(), username: z.string().nullable() }),
});

/**
 * An order as the clients read it, with the specification's field names (seed-spec section 3).
 * Built from the machine's view whether it came from the event stream (one order) or the read
 * model (lists), so both always agree. Amounts are decimal strings; attachment URLs are signed for
 * the reader (proof-links.ts).
 */
export function orderJson(view: OrderView, proofLink: ProofLink): z.infer<typeof orderJsonSchema> {
  return {
    _id: view.orderId,
    refCode: view.refCode,
    type: view.orderType,
    orderType: view.orderType === 'fiat_to_crypto' ? ('buy' as const) : ('sell' as const),
    status: view.status,
    statusLabel: statusLabel(view.status),
    method: view.method,
    network: view.network,
    rate: view.rate,
    feePercent: view.feePercent,
    feeAmount: view.feeAmount,
    fiatAmount: view.fiatAmount,
    amountINR: view.fiatAmount,
    cryptoAmount: view.cryptoAmount,
    amountUSDT: view.cryptoAmount,
    withdrawAddress: view.withdrawAddress,
    depositAddress: view.depositAddress,
    payoutBankAccount: view.payoutBankAccount,
    bankReference: view.bankReference,
    cryptoReference: view.cryptoReference,
    bankUtr: view.bankUtr,
    attachments: view.attachments.map((a) => ({
      url: proofLink(a.fileId, view.tenantId),
      name: a.name,
      contentType: a.contentType,
      size: a.size,
    })),
    proofCount: view.proofCount,
    rateLockedUntil: view.rateLockedUntil,
    rateLockExpiredProof: view.rateLockExpiredProof,
    paymentDueAt: view.paymentDueAt,
    priceHistory: view.priceHistory,
    // The customer reads a plain sentence for the reason: not the desk's note, nor the code (which
    // could tip off someone the desk suspects).
    rejectedReason: closed(view) ? CUSTOMER_REASONS[view.reasonCode ?? 'other'] : null,
    reason: closed(view) ? { text: CUSTOMER_REASONS[view.reasonCode ?? 'other'] } : null,
    latePayment: view.latePayment,
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
    completedAt: view.completedAt,
    user: { _id: view.userId, phone: view.userPhone, username: view.username },
  };
}

export type OrderJson = z.infer<typeof orderJsonSchema>;

/** Rejected, or cancelled with a reason: what the customer is told why. */
const closed = (view: OrderView) => view.status === 'rejected' || (view.status === 'cancelled' && view.reasonCode !== null);

/** Someone an order names (who asked, who approved): unnamed (`_id` null) to a brand's admin when of the operator's staff. */
const namedSchema = z.object({ _id: z.string().nullable(), phone: z.string().nullable(), username: z.string().nullable() });
/** The terms a completion or payout approval settles on: the order's, or a new rate's. */
const termsShape = {
  rate: decimal('INR per USDT'),
  fiatAmount: decimal('INR'),
  cryptoAmount: decimal('USDT'),
  repriced: z.boolean().describe('Whether a new rate was set'),
};

/** An order as an admin reads it (`adminOrderJson`): the client's order with the desk's fields. */
export const adminOrderJsonSchema = orderJsonSchema.extend({
  brand: z.object({ _id: z.string(), name: z.string() }),
  rejectedReason: z.string().nullable().describe("The desk's note on a rejection"),
  reason: z
    .object({
      code: z.enum(REASON_CODES),
      label: z.string(),
      text: z.string().describe('What the customer is told'),
      note: z.string().nullable().describe("The desk's (or on a cancellation, the customer's) note"),
    })
    .nullable()
    .describe('Why it was rejected or cancelled; null while open'),
  flags: z
    .array(
      z.object({
        kind: z.enum([
          'duplicate_reference',
          'duplicate_proof',
          'over_customer_limit',
          'reference_matched_elsewhere',
          'payment_reversed',
          'payout_mismatch',
          'paid_to_other_brand',
        ]),
        evidence: z.string(),
        relatedOrderId: z.string().nullable(),
        relatedRefCode: z.string().nullable(),
        flaggedAt: time,
        limit: z.object({ window: z.enum(['daily', 'monthly']), limitInr: z.string(), usedInr: z.string(), orderInr: z.string() }).optional(),
      }),
    )
    .describe('What a person should look at in its payment evidence'),
  completionRequest: z
    .object({
      requestId: z.string(),
      mode: z.enum(['approve', 'complete']),
      bankUtr: z.string().nullable(),
      cryptoReference: z.string().nullable(),
      ...termsShape,
      thresholdInr: z.string().describe('The four-eyes threshold when it was asked, whole rupees'),
      reasons: z.array(z.enum(Object.keys(SECOND_ADMIN_REASONS) as [keyof typeof SECOND_ADMIN_REASONS])).describe('Why a second admin must confirm'),
      valueInr: z.string().nullable(),
      rateInForce: z.string().nullable(),
      evidenceSince: z.array(z.object({ kind: z.enum(['proof', 'flag', 'verified', 'bank']), at: time, detail: z.string().nullable() })),
      requestedBy: namedSchema,
      requestedAt: time,
    })
    .nullable()
    .describe('A completion waiting for a second admin'),
  payoutApproval: z
    .object({ requestId: z.string(), ...termsShape, approvedBy: namedSchema, approvedAt: time })
    .nullable()
    .describe('A payout a second admin approved before it was sent'),
  bankMatch: z
    .object({
      accountId: z.string().nullable().describe("null: another brand's account"),
      accountLabel: z.string(),
      lineKey: z.string().nullable(),
      bookedOn: z.string(),
      direction: z.enum(['credit', 'debit']),
      amount: z.string(),
      reference: z.string().nullable(),
      payerName: z.string().nullable(),
      via: z.enum(['reference', 'assigned']),
      flags: z.array(z.enum(['amount_differs', 'other_brand_account', 'third_party_payer'])),
      note: z.string().nullable(),
      matchedAt: time,
    })
    .nullable()
    .describe("The bank statement line that is this order's money"),
  chainCheck: z
    .object({
      network: z.enum(NETWORKS),
      txHash: z.string(),
      paidBy: z.enum(['customer', 'desk']),
      state: z.enum(CHAIN_CHECK_STATES),
      confirmations: z.number().nullable(),
      required: z.number().nullable(),
      words: z.string().describe('The reading in words'),
      check: z.looseObject({ state: z.enum(CHAIN_CHECK_STATES) }).describe('The reading as recorded'),
      checkedAt: time,
    })
    .nullable()
    .describe("The latest reading of the order's transaction on the chain"),
  payoutAwaitsApproval: z.boolean().nullable().describe('Whether paying out must first be approved by a second admin; null in lists'),
});
export type AdminOrderJson = z.infer<typeof adminOrderJsonSchema>;

/**
 * An order in an admin list or page: which brand it belongs to, by name (operators run many), why it
 * was closed with the desk's own note, and the flags on its payment evidence.
 */
export function adminOrderJson(view: OrderView, proofLink: ProofLink, brandNames: ReadonlyMap<string, string>): AdminOrderJson {
  const code = closed(view) ? (view.reasonCode ?? 'other') : null;
  const note = view.status === 'rejected' ? view.rejectedReason : view.cancelNote;
  // The desk's fields are set on the customer's object, not spread with it into a new one: spread
  // copies of these 45-property objects outlived their request (every one of a list's 50 reached the
  // old generation, 118 KB a request, and the old generation's collections made the list's tail;
  // docs/performance.md, "The admin list's tail").
  return Object.assign(orderJson(view, proofLink), {
    brand: { _id: view.tenantId, name: brandNames.get(view.tenantId) ?? view.tenantId },
    rejectedReason: view.rejectedReason,
    reason: code ? { code, label: REASON_LABELS[code], text: CUSTOMER_REASONS[code], note: note ?? null } : null,
    flags: (view.flags ?? []).map((f) => ({ ...f })),
    completionRequest: completionRequestJson(view),
    payoutApproval: payoutApprovalJson(view),
    bankMatch: bankMatchJson(view),
    chainCheck: chainCheckJson(view),
    /** Whether paying out must first be approved by a second admin: the order page says (four-eyes.ts); null in lists, which do not ask. */
    payoutAwaitsApproval: null as boolean | null,
  });
}

/**
 * The bank statement line that is this order's money (PaymentMatched), for the payment badge. Paid
 * into another brand's account, that account is not named: a brand's admin sees only their brand.
 */
function bankMatchJson(view: OrderView) {
  const match = view.bankMatch;
  if (!match) return null;
  const ownBrand = match.accountTenantId === view.tenantId;
  return {
    accountId: ownBrand ? match.accountId : null,
    accountLabel: ownBrand ? match.accountLabel : "Another brand's account",
    lineKey: ownBrand ? match.lineKey : null,
    bookedOn: match.bookedOn,
    direction: match.direction,
    amount: match.amount,
    reference: match.reference,
    payerName: match.payerName,
    via: match.via,
    flags: [...match.flags],
    note: match.note,
    matchedAt: match.matchedAt,
  };
}

/** The latest reading of the order's transaction on the chain, for the payment badge: the answer, and the answer in words. */
function chainCheckJson(view: OrderView) {
  const reading = view.chainCheck;
  if (!reading) return null;
  const { check } = reading;
  return {
    network: reading.network,
    txHash: reading.txHash,
    paidBy: reading.paidBy,
    state: check.state,
    confirmations: 'confirmations' in check ? check.confirmations : null,
    required: 'required' in check ? check.required : null,
    words: chainCheckWords(check, reading.network),
    check: structuredClone(check),
    checkedAt: reading.checkedAt,
  };
}

/** The terms a payout settles on: the order's own, or the new rate and amounts it was repriced to (a late payment). */
function termsJson(repriced: { rate: string; fiatAmount: string; cryptoAmount: string } | null, view: OrderView) {
  return {
    rate: repriced?.rate ?? view.rate,
    fiatAmount: repriced?.fiatAmount ?? view.fiatAmount,
    cryptoAmount: repriced?.cryptoAmount ?? view.cryptoAmount,
    repriced: repriced !== null,
  };
}

/** A payout a second admin approved before it was sent: on what terms, who approved it and when. */
function payoutApprovalJson(view: OrderView) {
  const approval = view.payoutApproval;
  if (!approval) return null;
  return {
    requestId: approval.requestId,
    ...termsJson(approval.repriced, view),
    approvedBy: { _id: approval.approvedBy as string | null, phone: null as string | null, username: null as string | null },
    approvedAt: approval.approvedAt,
  };
}

/** A completion waiting for a second admin: the terms it would settle on, and who asked. */
function completionRequestJson(view: OrderView) {
  const request = view.completionRequest;
  if (!request) return null;
  return {
    requestId: request.requestId,
    mode: request.mode,
    bankUtr: request.bankUtr,
    cryptoReference: request.cryptoReference ?? view.cryptoReference,
    ...termsJson(request.repriced, view),
    thresholdInr: request.thresholdInr,
    // Requests recorded before their reasons were were all for the threshold.
    reasons: request.reasons ?? (['above_threshold'] as const),
    valueInr: request.valueInr ?? null,
    rateInForce: request.rateInForce ?? null,
    evidenceSince: (request.evidenceSince ?? []).map((e) => ({ ...e })),
    requestedBy: { _id: request.requestedBy as string | null, phone: null as string | null, username: null as string | null },
    requestedAt: request.requestedAt,
  };
}

const windowHeadroomSchema = z.object({ limitInr: z.number(), usedInr: z.number(), remainingInr: z.number() }).nullable().describe('null: no limit is set');
export const headroomJsonSchema = z.object({ daily: windowHeadroomSchema, monthly: windowHeadroomSchema });

/** A customer's headroom under their limits, in whole rupees as numbers (as the settings go out); null: no limit. */
export function headroomJson(headroom: Headroom): z.infer<typeof headroomJsonSchema> {
  const window = (w: WindowHeadroom | null) => w && { limitInr: Number(w.limitInr), usedInr: Number(w.usedInr), remainingInr: Number(w.remainingInr) };
  return { daily: window(headroom.daily), monthly: window(headroom.monthly) };
}
