/**
 * What an admin decides about a statement line the matcher left in the unmatched queue (decision
 * 0032): it pays this order (assigned, with a note, flagged like any match: payment-match.ts
 * `matchFlags`), or it goes back to its sender (marked for refund, with a note). Each is claimed
 * first (line-claims.ts), so a line is decided once; each is recorded with who. An assignment never
 * verifies the order: verifying stays a separate act.
 */
import type { Kysely } from 'kysely';
import type { CommandHandler } from '@desk/platform/eventstore/command-handler';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { DomainError, NotFoundError, ValidationError } from '@desk/platform/errors/domain-error';
import { bankStatementEvolver } from '@desk/machines/reconciliation/bank-statement.decide';
import type { StatementLineMarkedForRefund } from '@desk/machines/reconciliation/bank-statement.events';
import { decideLineRefund, LINE_NOT_HELD } from '@desk/machines/reconciliation/line-refund.decide';
import { matchFlags } from '@desk/machines/reconciliation/payment-match';
import { ORDER_ALREADY_MATCHED, ORDER_CLOSED } from '@desk/machines/order/order.decide';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { statementLine, type StatementLineRow } from '@desk/projections/read-models/statement-lines/statement-lines.queries';
import { orderIdByRefCode } from '@desk/projections/read-models/orders/orders.queries';
import type { ServicesDatabase } from '../db/services-database';
import type { AdminScope } from '../identity/admin-scope';
import { inAdminScope } from '../orders/order-access';
import type { OrderCommands } from '../orders/order-commands';
import type { OrderStore } from '../orders/order-store';
import type { BrandBankAccounts } from './brand-bank-accounts';
import type { LineClaims } from './line-claims';
import { accountLabel } from './account-label';
import { lineToMatch, paymentMatch } from './payment-matcher';
import { bankAccountStream } from './statement-imports';
import { untilLinesShown } from './lines-shown';

export const LINE_ALREADY_DECIDED = (row: StatementLineRow) =>
  row.outcome?.kind === 'refund' ? 'This line is already marked for refund' : `This line already pays order ${row.outcome?.order_ref_code ?? 'another order'}`;
export const WRONG_SIDE = { credit: 'Money received pays a buy order: this is a sell order', debit: 'A payout pays a sell order: this is a buy order' };

export class LineDecisions {
  constructor(
    private readonly handler: CommandHandler,
    private readonly readModels: Kysely<ReadModelDatabase>,
    private readonly db: Kysely<ServicesDatabase>,
    private readonly accounts: BrandBankAccounts,
    private readonly claims: LineClaims,
    private readonly commands: OrderCommands,
    private readonly orders: OrderStore,
    /** How long a decision waits for the queue's read model to show it (READ_MODEL_WAIT_MS). */
    private readonly readModelWaitMs: number,
  ) {}

  async assign(scope: AdminScope, accountId: string, key: string, input: { refCode: string; note: string | null }, metadata: EventMetadata) {
    const { account, row } = await this.undecidedLine(scope, accountId, key);
    const orderId = await orderIdByRefCode(this.readModels, input.refCode);
    // An order outside the admin's brands is "not found", like one that does not exist.
    const order = inAdminScope(orderId ? (await this.orders.load(orderId)).view : null, scope);
    if ((order.orderType === 'fiat_to_crypto') !== (row.direction === 'credit')) throw ValidationError.of('refCode', WRONG_SIDE[row.direction]);
    if (order.bankMatch) throw new DomainError('order_already_matched', 409, ORDER_ALREADY_MATCHED(order.refCode));
    // Money for an order that was called off is a refund, not this order's payment (review 8, F6).
    if (order.status === 'rejected' || order.status === 'cancelled') throw new DomainError('order_closed', 409, ORDER_CLOSED(order.refCode, order.status));
    const holders = await this.db.selectFrom('user_bank_accounts').select('account_name').where('user_id', '=', order.userId).execute();
    const flags = matchFlags(lineToMatch(row), { fiatAmount: order.fiatAmount, tenantId: order.tenantId, holderNames: holders.map((h) => h.account_name) });
    const claim = await this.claims.forOrder(account.id, key, order.orderId);
    if (claim.kind === 'line_taken') throw new DomainError('line_already_decided', 409, 'This line was decided meanwhile: reload the queue');
    if (claim.kind === 'order_taken') throw new DomainError('order_already_matched', 409, ORDER_ALREADY_MATCHED(order.refCode));
    const match = paymentMatch(row, accountLabel(account), flags, { by: metadata.actor.id, note: input.note });
    try {
      return await this.commands.matchPayment(scope, order.orderId, match, metadata);
    } catch (error) {
      await this.claims.release(account.id, key, order.orderId);
      throw error;
    }
  }

  async refund(scope: AdminScope, accountId: string, key: string, note: string, metadata: EventMetadata) {
    const { account, row } = await this.undecidedLine(scope, accountId, key);
    const claim = await this.claims.forRefund(account.id, key);
    if (claim.kind !== 'claimed') throw new DomainError('line_already_decided', 409, 'This line was decided meanwhile: reload the queue');
    const command = { key, direction: row.direction, note, by: metadata.actor.id, at: metadata.acceptedAt };
    const { events, position } = await this.handler.handle(bankStatementEvolver, bankAccountStream(account.id), (state) => decideLineRefund(state, command), {
      ...metadata,
      tenantId: account.tenantId,
    });
    // Answered once the queue's read model shows the mark. An assignment needs no wait: it changes its
    // order, whose live change refreshes the queue.
    await untilLinesShown(this.readModels, position, this.readModelWaitMs);
    const marked = events.find((event): event is StatementLineMarkedForRefund => event.type === 'StatementLineMarkedForRefund');
    return marked?.data ?? null;
  }

  /** The line on an account in the admin's scope, with nothing decided about it yet. */
  private async undecidedLine(scope: AdminScope, accountId: string, key: string) {
    const account = await this.accounts.find(scope, accountId);
    const row = await statementLine(this.readModels, account.id, key);
    if (!row) throw new NotFoundError(LINE_NOT_HELD);
    if (row.outcome) throw new DomainError('line_already_decided', 409, LINE_ALREADY_DECIDED(row));
    return { account, row };
  }
}
