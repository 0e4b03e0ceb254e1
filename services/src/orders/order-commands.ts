import { randomUUID } from 'node:crypto';
import { orderView as orderViewOf, type OrderView } from '@desk/machines/order/order-state';
import { decideOrder, presentText, type CompletionMode, type LimitCheck, type OrderCommand } from '@desk/machines/order/order.decide';
import { proofProblem, referenceField, takesAnotherProof } from '@desk/machines/order/proof-requirement';
import { revivesOrder } from '@desk/machines/order/rate-lock';
import { limitsAreOff, type LimitUsage } from '@desk/machines/order/customer-limits';
import type { Settings } from '@desk/machines/settings/settings.schema';
import { approvalCovers, secondAdminReasons, type DeskRules } from '@desk/machines/order/four-eyes';
import type { RateTable } from '@desk/machines/pricing/pricing';
import { systemMetadata, type EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { ValidationError } from '@desk/platform/errors/domain-error';
import { logger } from '@desk/platform/logging/logger';
import type { UserRow } from '../identity/users.repository';
import type { FileStorage } from '../files/file-storage';
import { extensionFor, type ProofFile } from '../files/proof-file';
import { withFilesForOneCommand } from '../files/files-for-one-command';
import type { ReasonCode } from '@desk/machines/order/order-reasons';
import { inAdminScope, ownedBy } from './order-access';
import { OPERATOR_TENANT_ID, type AdminScope } from '../identity/admin-scope';
import type { OrderStore } from './order-store';
import type { RevivalClaim } from './customer-limits';
import type { OrderChainChecks } from './order-chain-checks';

export type { CompletionMode };

/** What the order commands ask of the desk: a brand's rules in force, what a customer's orders hold under their limits, a staff member's phone. */
export interface DeskInForce {
  /** The brand's settings in force, and its rates as a second admin last confirmed them (four-eyes.ts). */
  rulesFor(tenantId: string): Promise<{ settings: Settings; anchorRates: RateTable }>;
  usage(userId: string, now: Date): Promise<LimitUsage>;
  /** Counts a late payment that revives an order against its customer's limits from now; `decide` gets the usage without it (CustomerLimits.countRevival). */
  countRevival<T>(revival: RevivalClaim, decide: (usage: LimitUsage) => T): Promise<T>;
  /** The revival's command failed: its claim no longer counts. */
  releaseRevival(orderId: string): Promise<void>;
  /** The phone of a staff account (one person is one phone): null when the account is gone. */
  phoneOf(userId: string): Promise<string | null>;
  /** The admin who made a customer's account (`POST /api/admin/users`): null for one its holder made, or made at the server. */
  accountMaker(userId: string): Promise<string | null>;
}

export interface CompletionInput {
  bankUtr?: string | undefined;
  cryptoReference?: string | undefined;
  rate?: string | undefined;
}

/**
 * The order commands people and timers issue: who may act on the order is checked here (a
 * customer their own orders, an admin their scope's), what the command records is the domain's
 * decision (machines/src/order/order.decide.ts), carried out by the one command handler.
 */
export class OrderCommands {
  constructor(
    private readonly orders: OrderStore,
    private readonly files: FileStorage,
    private readonly desk: DeskInForce,
    /** Reads a buy's payout on the chain before it is recorded (payout-chain-gate.ts); null: not read (tests of other things). */
    private readonly chain: OrderChainChecks | null = null,
  ) {}

  /**
   * Proof: a file (read only once the submission is a proof, stored before the event, outside any
   * transaction) and/or the customer's reference. A file is stored only for an order that can take
   * it; if the command is refused all the same (the order changed meanwhile), the file is removed.
   */
  async submitProof(
    user: UserRow,
    orderId: string,
    input: { file: (() => Promise<ProofFile>) | null; reference: string | null },
    metadata: EventMetadata,
  ): Promise<OrderView> {
    const reference = presentText(input.reference);
    const current = ownedBy((await this.orders.load(orderId)).view, user);
    const problem = proofProblem({ hasFile: input.file !== null, reference });
    if (problem) throw ValidationError.of(problem.input === 'file' ? 'dataUrl' : referenceField(current.orderType), problem.message);
    const file = input.file && (await input.file());
    // An expired order takes proof too, as a late payment for the desk to re-quote or refund.
    const takesFile = (current.status === 'pending' || current.status === 'expired') && takesAnotherProof(current.proofCount);
    return withFilesForOneCommand(this.files, async (files) => {
      const stored = file && takesFile ? await files.save(file.bytes, file.contentType) : null;
      const attachment = stored
        ? {
            fileId: stored.fileId,
            name: `proof-${current.refCode}-${current.proofCount + 1}.${extensionFor(stored.contentType)}`,
            contentType: stored.contentType,
            size: stored.size,
          }
        : null;
      let revivalCounted = false;
      try {
        const view = await this.orders.execute(orderId, metadata, async (snapshot) => {
          const order = ownedBy(orderViewOf(snapshot), user);
          const proof = (limitCheck: LimitCheck | null) =>
            decideOrder(snapshot, { type: 'SubmitProof', attachment, reference, limitCheck, at: metadata.acceptedAt });
          const limits = revivesOrder(order, metadata.acceptedAt) ? await this.limitsOf(order.tenantId) : null;
          if (!limits) return proof(null);
          const revival = { orderId, userId: order.userId, fiatInr: order.fiatAmount, at: new Date(metadata.acceptedAt) };
          const events = await this.desk.countRevival(revival, (usage) => proof({ limits, usage }));
          revivalCounted = true;
          return events;
        });
        // A retry of a proof recorded before its process died records nothing (CommandHandler, decision
        // 0045): the file it stored again is nobody's.
        if (stored && !view.attachments.some((a) => a.fileId === stored.fileId)) {
          await files.remove(stored.fileId).catch((error: unknown) => logger.warn("could not remove a retried proof's file", { error: String(error) }));
        }
        return view;
      } catch (error) {
        if (revivalCounted) await this.releaseRevivalUnlessPaidLate(orderId);
        throw error;
      }
    });
  }

  /**
   * A revival counted but not recorded (its append failed): its claim is given up, unless the order
   * was paid late all the same (another request of the customer's revived it). If giving it up fails
   * too, the claim only makes the customer's checks stricter, for 30 days at most.
   */
  private async releaseRevivalUnlessPaidLate(orderId: string): Promise<void> {
    try {
      if (!(await this.orders.load(orderId)).view?.latePayment) await this.desk.releaseRevival(orderId);
    } catch (error) {
      logger.warn("a failed revival's claim was not given up; it counts against the customer's limits until it leaves their windows", {
        orderId,
        error: String(error),
      });
    }
  }

  /** The brand's customer limits, to count an order against; null when they are off. */
  private async limitsOf(tenantId: string): Promise<LimitCheck['limits'] | null> {
    const { controls } = (await this.desk.rulesFor(tenantId)).settings;
    return limitsAreOff(controls) ? null : controls;
  }

  /** What the customer's orders hold under their brand's limits, to count a sell re-quoted up; null when the limits are off. */
  private async limitCheck(tenantId: string, userId: string, metadata: EventMetadata): Promise<LimitCheck | null> {
    const limits = await this.limitsOf(tenantId);
    return limits && { limits, usage: await this.desk.usage(userId, new Date(metadata.acceptedAt)) };
  }

  cancel(user: UserRow, orderId: string, note: string | null, metadata: EventMetadata): Promise<OrderView> {
    return this.customer(user, orderId, metadata, { type: 'CancelOrder', note, at: metadata.acceptedAt });
  }

  verify(scope: AdminScope, orderId: string, metadata: EventMetadata): Promise<OrderView> {
    return this.admin(scope, orderId, metadata, { type: 'VerifyOrder', at: metadata.acceptedAt });
  }

  /** Recording the USDT sent: a payout four eyes asks for must have been approved first (four-eyes.ts). */
  markCryptoSent(scope: AdminScope, orderId: string, cryptoReference: string, staff: { phone: string }, metadata: EventMetadata): Promise<OrderView> {
    return this.orders.execute(orderId, metadata, async (snapshot) => {
      const order = inAdminScope(orderViewOf(snapshot), scope);
      const [desk, accountMadeBy] = await Promise.all([this.deskRules(order.tenantId), this.desk.accountMaker(order.userId)]);
      const by = metadata.actor.id;
      const command = { type: 'MarkCryptoSent', cryptoReference, desk, by, byPhone: staff.phone, accountMadeBy, at: metadata.acceptedAt } as const;
      return this.withPayoutChecked(snapshot, order, command);
    });
  }

  /**
   * Decides, and when the decision pays a buy out (the USDT sent), reads that transaction on the
   * chain first and decides again with what it showed (payout-chain-gate.ts: recorded, flagged or
   * refused). Deciding first tells which transaction and amount: a re-quote's USDT is the decider's.
   */
  private async withPayoutChecked(
    snapshot: Parameters<typeof decideOrder>[0],
    order: OrderView,
    command: Extract<OrderCommand, { type: 'MarkCryptoSent' | 'CompleteOrder' }>,
  ) {
    const decided = decideOrder(snapshot, command);
    const chain = this.chain ? await this.chain.payout(order, decided) : null;
    return chain ? decideOrder(snapshot, { ...command, chain }) : decided;
  }

  /** What the chain shows now for the order's own transaction (a sell's payment, a buy's payout), recorded when it says something new. */
  async recordChainCheck(orderId: string, at = new Date()): Promise<OrderView | null> {
    if (!this.chain) return null;
    const { view } = await this.orders.load(orderId);
    if (!view) return null;
    const chain = await this.chain.read(view);
    if (!chain) return view;
    const metadata = systemMetadata(OPERATOR_TENANT_ID, 'chain-check', at);
    return this.orders.execute(orderId, metadata, (snapshot) => decideOrder(snapshot, { type: 'RecordChainCheck', chain, at: metadata.acceptedAt }));
  }

  /**
   * Whether paying this order out needs a second admin's approval that it does not have yet
   * (four-eyes.ts): the admin's order page asks for the approval instead of the payout reference.
   */
  async payoutAwaitsApproval(order: OrderView, staff: { id: string; phone: string }): Promise<boolean> {
    if (order.status === 'completed' || order.status === 'rejected' || order.status === 'cancelled') return false;
    const terms = { repriced: order.payoutApproval?.repriced ?? null };
    const [desk, accountMadeBy] = await Promise.all([this.deskRules(order.tenantId), this.desk.accountMaker(order.userId)]);
    const reasons = secondAdminReasons(order, terms, desk, { actor: staff, accountMadeBy });
    return reasons.length > 0 && !approvalCovers(order.payoutApproval, terms, reasons);
  }

  private async deskRules(tenantId: string): Promise<DeskRules> {
    const { settings, anchorRates } = await this.desk.rulesFor(tenantId);
    return { controls: settings.controls, rates: settings.rates, anchorRates };
  }

  /** When four eyes asks for it (four-eyes.ts), this records a request for a second admin instead (CompletionRequested). */
  complete(
    scope: AdminScope,
    orderId: string,
    input: CompletionInput,
    mode: CompletionMode,
    staff: { phone: string },
    metadata: EventMetadata,
  ): Promise<OrderView> {
    return this.orders.execute(orderId, metadata, async (snapshot) => {
      const order = inAdminScope(orderViewOf(snapshot), scope);
      const [desk, accountMadeBy] = await Promise.all([this.deskRules(order.tenantId), this.desk.accountMaker(order.userId)]);
      // A sell that may settle re-quoted (a rate typed, or one approved with the payout) may pay out
      // more: its customer's limits are read for the decision (customer-limits.ts `requoteExcess`).
      const mayBeRequoted = presentText(input.rate) !== null || order.payoutApproval?.repriced != null || order.latePayment;
      const limitCheck = mayBeRequoted && order.orderType === 'crypto_to_fiat' ? await this.limitCheck(order.tenantId, order.userId, metadata) : null;
      const by = metadata.actor.id;
      const command = {
        type: 'CompleteOrder',
        mode,
        ...input,
        by,
        byPhone: staff.phone,
        accountMadeBy,
        requestId: randomUUID(),
        desk,
        limitCheck,
        at: metadata.acceptedAt,
      } as const;
      return this.withPayoutChecked(snapshot, order, command);
    });
  }

  /** A different admin (another person: another phone) answers the pending request: the payout approved, or the order completed. */
  confirmCompletion(scope: AdminScope, orderId: string, requestId: string, confirmer: { phone: string }, metadata: EventMetadata): Promise<OrderView> {
    return this.orders.execute(orderId, metadata, async (snapshot) => {
      const order = inAdminScope(orderViewOf(snapshot), scope);
      const requesterPhone = order.completionRequest ? await this.desk.phoneOf(order.completionRequest.requestedBy) : null;
      const command = {
        type: 'ConfirmCompletion',
        requestId,
        by: metadata.actor.id,
        byPhone: confirmer.phone,
        requesterPhone,
        accountMadeBy: await this.desk.accountMaker(order.userId),
        at: metadata.acceptedAt,
      } as const;
      return decideOrder(snapshot, command);
    });
  }

  /** Turns the pending request down (a second admin) or withdraws it (the requester: `withdrawn`); the order stays as it was. */
  async declineCompletion(
    scope: AdminScope,
    orderId: string,
    requestId: string,
    note: string | null,
    metadata: EventMetadata,
  ): Promise<{ view: OrderView; withdrawn: boolean }> {
    let withdrawn = false;
    const view = await this.orders.execute(orderId, metadata, (snapshot) => {
      const order = inAdminScope(orderViewOf(snapshot), scope);
      // Decided on the order as this (last) attempt read it: the request the command answers.
      withdrawn = order.completionRequest?.requestedBy === metadata.actor.id;
      return decideOrder(snapshot, { type: 'DeclineCompletion', requestId, note, by: metadata.actor.id, at: metadata.acceptedAt });
    });
    return { view, withdrawn };
  }

  reject(scope: AdminScope, orderId: string, reason: { code: ReasonCode; note: string | null }, metadata: EventMetadata): Promise<OrderView> {
    return this.admin(scope, orderId, metadata, { type: 'RejectOrder', reasonCode: reason.code, reason: reason.note, at: metadata.acceptedAt });
  }

  /**
   * A bank statement line is the order's money (the statement matcher, or an admin assigning it:
   * `metadata` says who); where the brand lets an exact match verify a waiting buy, it does
   * (verify-on-match.ts). The admin's scope is checked when an admin assigns.
   */
  matchPayment(
    scope: AdminScope | null,
    orderId: string,
    match: Extract<OrderCommand, { type: 'MatchPayment' }>['match'],
    metadata: EventMetadata,
  ): Promise<OrderView> {
    return this.orders.execute(orderId, metadata, async (snapshot) => {
      const order = orderViewOf(snapshot);
      if (scope) inAdminScope(order, scope);
      const mode = order ? (await this.desk.rulesFor(order.tenantId)).settings.controls.bankMatch : 'suggest';
      return decideOrder(snapshot, { type: 'MatchPayment', match, mode, at: metadata.acceptedAt });
    });
  }

  /** Payment evidence seen by a check (the system acts: `by` names which); a flag already there is not recorded twice. */
  flag(orderId: string, flag: Omit<Extract<OrderCommand, { type: 'FlagOrder' }>, 'type' | 'at'>, at = new Date(), by = 'evidence-check'): Promise<OrderView> {
    const metadata = systemMetadata(OPERATOR_TENANT_ID, by, at);
    return this.orders.execute(orderId, metadata, (snapshot) => decideOrder(snapshot, { type: 'FlagOrder', ...flag, at: metadata.acceptedAt }));
  }

  /**
   * The payment window passed without proof (the machine refuses it before the due time). The
   * system acts; the event carries the order's own tenant (OrderStore stamps it).
   */
  expire(orderId: string, by: string, at = new Date()): Promise<OrderView> {
    const metadata = systemMetadata(OPERATOR_TENANT_ID, by, at);
    return this.orders.execute(orderId, metadata, (snapshot) => decideOrder(snapshot, { type: 'ExpireOrder', at: metadata.acceptedAt }));
  }

  private customer(user: UserRow, orderId: string, metadata: EventMetadata, command: OrderCommand): Promise<OrderView> {
    return this.orders.execute(orderId, metadata, (snapshot) => {
      ownedBy(orderViewOf(snapshot), user);
      return decideOrder(snapshot, command);
    });
  }

  private admin(scope: AdminScope, orderId: string, metadata: EventMetadata, command: OrderCommand): Promise<OrderView> {
    return this.orders.execute(orderId, metadata, (snapshot) => {
      inAdminScope(orderViewOf(snapshot), scope);
      return decideOrder(snapshot, command);
    });
  }
}
