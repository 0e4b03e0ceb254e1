/**
 * Matching bank statement lines to orders (decision 0032): the lines no order holds yet whose
 * references some order carries are weighed by the pure rule (payment-match.ts), a page at a time:
 * each match is claimed (line-claims.ts) and recorded on its order (PaymentMatched, which verifies
 * an exact match where the brand lets it); a reference already paid by another line, and a
 * reversal of a matched credit, flag the order they name. The system acts; it never moves money.
 */
import type { Kysely } from 'kysely';
import { systemMetadata } from '@desk/platform/eventstore/event-metadata';
import { logger } from '@desk/platform/logging/logger';
import type { OrderView } from '@desk/machines/order/order-state';
import type { PaymentMatched } from '@desk/machines/order/order.events';
import { lineReferences } from '@desk/machines/reconciliation/line-references';
import { matchLine, type LineToMatch, type OrderToMatch } from '@desk/machines/reconciliation/payment-match';
import { referenceKeys } from '@desk/machines/reconciliation/reference-match';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import {
  linesAwaitingMatch,
  ordersPaidByCreditsCarrying,
  type AwaitingMatch,
  type StatementLineRow,
} from '@desk/projections/read-models/statement-lines/statement-lines.queries';
import { ordersCarrying, ordersWithReferences, type OrderWithReferences } from '@desk/projections/read-models/payment-references/payment-references.queries';
import type { ServicesDatabase } from '../db/services-database';
import { asDomainError } from '../http/domain-refusals';
import { OPERATOR_TENANT_ID } from '../identity/admin-scope';
import type { OrderCommands } from '../orders/order-commands';
import type { BrandBankAccounts } from './brand-bank-accounts';
import type { LineClaims } from './line-claims';
import { accountLabel } from './account-label';
import { day } from './line-json';
import { lanesOf, runLanes } from './matching-lanes';

/** Who the matcher's events name as their actor. */
export const MATCHER = 'statement-matcher';
/** Lines weighed per page: one look-up of the orders their references name. */
const PAGE = 500;
/**
 * Lanes of a page weighed at once (matching-lanes.ts): one after another, each match waited on its
 * claim's and its event's commits. Four keep most of a pool of 10 connections for the API beside it.
 */
const LANES = 4;

export interface MatchTally {
  weighed: number;
  matched: number;
  flagged: number;
}

export class PaymentMatcher {
  constructor(
    private readonly readModels: Kysely<ReadModelDatabase>,
    private readonly db: Kysely<ServicesDatabase>,
    private readonly commands: OrderCommands,
    private readonly claims: LineClaims,
    private readonly accounts: BrandBankAccounts,
    /** Lanes weighed at once (the benchmark compares counts; 1 weighs every line in turn). */
    private readonly lanes = LANES,
  ) {}

  /** Weighs every line `where` names that no order holds yet. */
  async match(where: AwaitingMatch, at = () => new Date()): Promise<MatchTally> {
    const tally: MatchTally = { weighed: 0, matched: 0, flagged: 0 };
    const labels = await this.accountLabels();
    let after: { accountId: string; key: string } | null = null;
    for (;;) {
      const lines = await linesAwaitingMatch(this.readModels, where, { after, limit: PAGE });
      if (lines.length === 0) return tally;
      const candidates = await this.candidatesFor(lines);
      // Lines that may touch one order share a lane, weighed in the page's order; the lanes run side by side.
      const pageLanes = lanesOf(lines, (row) => candidateOrders(lineToMatch(row), candidates).map((order) => order.orderId));
      await runLanes(pageLanes, this.lanes, async (row) => {
        tally.weighed++;
        const outcome = await this.weigh(row, candidates, labels, at());
        if (outcome === 'matched') tally.matched++;
        if (outcome === 'flagged') tally.flagged++;
      });
      const last = lines.at(-1)!;
      after = { accountId: last.account_id, key: last.key };
    }
  }

  /** The lines carrying any reference this order was given. */
  matchOrder(view: Pick<OrderView, 'bankReference' | 'bankUtr'>): Promise<MatchTally> {
    const keys = [view.bankReference, view.bankUtr].flatMap((reference) => (reference ? referenceKeys(reference) : []));
    return keys.length === 0 ? Promise.resolve({ weighed: 0, matched: 0, flagged: 0 }) : this.match({ keys });
  }

  private async weigh(row: StatementLineRow, candidates: Candidates, labels: Map<string, string>, at: Date): Promise<'matched' | 'flagged' | 'none'> {
    const line = lineToMatch(row);
    const outcome = matchLine(line, candidateOrders(line, candidates));
    const metadata = systemMetadata(OPERATOR_TENANT_ID, MATCHER, at);
    const evidence = `bank-line:${row.account_id}/${row.key}`;
    // The matcher flags an order for a person to look at, with the line as its evidence.
    const flagged = async (orderId: string, kind: 'reference_matched_elsewhere' | 'payment_reversed' | 'paid_to_other_brand') => {
      await this.commands.flag(orderId, { kind, evidence, relatedOrderId: null, relatedRefCode: null }, at, MATCHER);
      return 'flagged' as const;
    };
    try {
      switch (outcome.kind) {
        case 'match': {
          const claim = await this.claims.forOrder(row.account_id, row.key, outcome.order.orderId);
          if (claim.kind === 'line_taken') return 'none'; // matched or marked meanwhile, by another process or an admin
          if (claim.kind === 'order_taken') {
            return await flagged(outcome.order.orderId, 'reference_matched_elsewhere');
          }
          const match = paymentMatch(row, labels.get(row.account_id) ?? 'Bank account', outcome.flags);
          await this.commands.matchPayment(null, outcome.order.orderId, match, metadata).catch(async (error: unknown) => {
            // The order refused the line (it holds another one): the line goes back to the queue.
            if (asDomainError(error) !== null) await this.claims.release(row.account_id, row.key, outcome.order.orderId);
            throw error;
          });
          // Later lines of this page weigh the order as paid.
          outcome.order.bankMatch = { accountId: row.account_id, lineKey: row.key };
          return 'matched';
        }
        case 'claimed_elsewhere':
          return await flagged(outcome.order.orderId, 'reference_matched_elsewhere');
        case 'reversal':
          return await flagged(outcome.order.orderId, 'payment_reversed');
        case 'other_brand':
          // Not matched: one brand's statement never claims another brand's order. The order is
          // flagged for its brand and the operator; the line waits in its own brand's queue.
          return await flagged(outcome.order.orderId, 'paid_to_other_brand');
        default:
          return 'none';
      }
    } catch (error) {
      // One order that refuses (it moved on meanwhile) never stops the statement's other lines.
      if (asDomainError(error) === null) throw error;
      logger.warn('a statement line was not matched', {
        accountId: row.account_id,
        orderId: 'order' in outcome ? outcome.order.orderId : null,
        error: (error as Error).message,
      });
      return 'none';
    }
  }

  /**
   * The orders the page's references name, by look-up key, with their customers' saved account
   * holders; for a reversal, also the orders its account's credits with its references paid.
   */
  private async candidatesFor(lines: readonly StatementLineRow[]): Promise<Candidates> {
    const keys = [...new Set(lines.flatMap((row) => row.reference_keys))];
    const paidByCredits = await Promise.all(
      lines
        .filter((row) => row.reversal)
        .map(async (row) => ({ row, ids: await ordersPaidByCreditsCarrying(this.readModels, row.account_id, row.reference_keys) })),
    );
    const carrying = await ordersCarrying(this.readModels, keys);
    const known = new Set(carrying.map((order) => order.view.orderId));
    const extra = await ordersWithReferences(
      this.readModels,
      [...new Set(paidByCredits.flatMap(({ ids }) => ids))].filter((id) => !known.has(id)),
    );
    const orders = [...carrying, ...extra];
    const holders = await this.holdersOf([...new Set(orders.map((order) => order.view.userId))]);
    const byKey = new Map<string, OrderToMatch[]>();
    const byId = new Map<string, OrderToMatch>();
    const file = (key: string, candidate: OrderToMatch) => {
      const filed = byKey.get(key) ?? [];
      if (!filed.includes(candidate)) byKey.set(key, [...filed, candidate]);
    };
    for (const order of orders) {
      const candidate = orderToMatch(order, holders.get(order.view.userId) ?? []);
      byId.set(candidate.orderId, candidate);
      for (const key of candidate.references.flatMap(referenceKeys)) file(key, candidate);
    }
    // A reversal finds the order its credit paid under the reversal's own keys.
    for (const { row, ids } of paidByCredits) for (const id of ids) for (const key of row.reference_keys) if (byId.has(id)) file(key, byId.get(id)!);
    return { byKey };
  }

  private async holdersOf(userIds: string[]): Promise<Map<string, string[]>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('user_bank_accounts').select(['user_id', 'account_name']).where('user_id', 'in', userIds).execute();
    const holders = new Map<string, string[]>();
    for (const row of rows) holders.set(row.user_id, [...(holders.get(row.user_id) ?? []), row.account_name]);
    return holders;
  }

  private async accountLabels(): Promise<Map<string, string>> {
    const accounts = await this.accounts.inScope({ kind: 'all_brands' });
    return new Map(accounts.map((account) => [account.id, accountLabel(account)]));
  }
}

interface Candidates {
  byKey: Map<string, OrderToMatch[]>;
}

/** The page's orders a line's references may name. */
const candidateOrders = (line: LineToMatch, candidates: Candidates): OrderToMatch[] => [
  ...new Set(line.references.flatMap(referenceKeys).flatMap((key) => candidates.byKey.get(key) ?? [])),
];

export function lineToMatch(row: StatementLineRow): LineToMatch {
  return {
    accountId: row.account_id,
    accountTenantId: row.tenant_id,
    key: row.key,
    direction: row.direction,
    amount: String(row.amount),
    references: lineReferences({ bankReference: row.bank_reference }, { reference: row.reference }),
    payerName: row.payer_name,
    reversal: row.reversal,
  };
}

/** What names an order wherever the matching weighs or lists it: which order, whose, which way, where it stands, how much. */
export function orderBasics(view: OrderView) {
  return { orderId: view.orderId, refCode: view.refCode, tenantId: view.tenantId, orderType: view.orderType, status: view.status, fiatAmount: view.fiatAmount };
}

/** An order as the rule weighs it: a buy by its customer's references, a sell by its payout UTR. */
export function orderToMatch({ view, references }: OrderWithReferences, holderNames: readonly string[]): OrderToMatch {
  const source = view.orderType === 'fiat_to_crypto' ? 'customer' : 'payout';
  return {
    ...orderBasics(view),
    references: references.filter((r) => r.source === source).map((r) => r.reference),
    bankMatch: view.bankMatch ? { accountId: view.bankMatch.accountId, lineKey: view.bankMatch.lineKey, reference: view.bankMatch.reference } : null,
    holderNames,
    placedAt: view.placedAt,
  };
}

/** The line as the order records it. */
export function paymentMatch(
  row: StatementLineRow,
  label: string,
  flags: PaymentMatched['data']['flags'],
  assigned?: { by: string; note: string | null },
): Omit<PaymentMatched['data'], 'matchedAt'> {
  return {
    accountId: row.account_id,
    accountTenantId: row.tenant_id,
    accountLabel: label,
    lineKey: row.key,
    statementId: row.statement_id,
    bookedOn: day(row.booked_on)!,
    direction: row.direction,
    amount: String(row.amount),
    reference: row.reference ?? row.bank_reference,
    payerName: row.payer_name,
    narration: row.narration,
    via: assigned ? 'assigned' : 'reference',
    flags,
    note: assigned?.note ?? null,
    matchedBy: assigned?.by ?? null,
  };
}
