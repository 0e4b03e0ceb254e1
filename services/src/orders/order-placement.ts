import { randomUUID } from 'node:crypto';
import type { OrderView } from '@desk/machines/order/order-state';
import type { Headroom } from '@desk/machines/order/customer-limits';
import {
  decideBuy,
  decideSell,
  type Customer,
  type PlaceBuy,
  type PlaceSell,
  type PlacedTerms,
  type PlacementTimes,
  type TermsInForce,
} from '@desk/machines/order/order-placement.decide';
import { refuseOrderBeforeOwnPassword } from '@desk/machines/identity/own-password-to-order';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import type { SettingsService } from '../settings/settings.service';
import type { TenantStore } from '../tenants/tenant-store';
import type { UserRow } from '../identity/users.repository';
import type { OrderStore } from './order-store';
import type { LimitSettings, OrderClaim } from './customer-limits';

export type { PlacementTimes };
export type BuyInput = PlaceBuy;
export type SellInput = Omit<PlaceSell, 'depositAddress'>;

/** Claims an order's reference code within the customer's limits, and gives the claim up (customer-limits.ts). */
export interface OrderClaims {
  claim(order: OrderClaim, limits: LimitSettings): Promise<string>;
  release(orderId: string): Promise<void>;
  headroom(userId: string, limits: LimitSettings, now?: Date): Promise<Headroom>;
}

/** The customer placing an order, once their account may place one (an admin-made account sets its own password first). */
const customerOf = (user: UserRow): Customer => {
  refuseOrderBeforeOwnPassword({ createdBy: user.created_by, passwordSetByOther: user.password_set_by_other });
  return { userId: user.id, userPhone: user.phone, username: user.username, tenantId: user.tenant_id };
};

/**
 * Placing an order: gathers what the decision needs (the brand's settings in force, where a sell's
 * USDT goes), lets the domain decide the order's terms (machines/src/order/order-placement.decide.ts),
 * then draws the order's id and a reference code no other order has, and records it.
 */
export class OrderPlacement {
  constructor(
    private readonly orders: OrderStore,
    private readonly settings: SettingsService,
    private readonly tenants: TenantStore,
    private readonly times: PlacementTimes,
    private readonly claims: OrderClaims,
  ) {}

  async placeBuy(user: UserRow, input: BuyInput, metadata: EventMetadata): Promise<OrderView> {
    const inForce = await this.termsInForce(user.tenant_id);
    return this.place(decideBuy(customerOf(user), input, inForce, this.times, new Date(metadata.acceptedAt)), inForce, metadata);
  }

  async placeSell(user: UserRow, input: SellInput, metadata: EventMetadata): Promise<OrderView> {
    const [terms, depositAddress] = await Promise.all([this.termsInForce(user.tenant_id), this.depositAddress(user.tenant_id)]);
    return this.place(decideSell(customerOf(user), { ...input, depositAddress }, terms, this.times, new Date(metadata.acceptedAt)), terms, metadata);
  }

  /** What the customer may still order under their brand's daily and monthly limits (the trading form shows it). */
  async headroom(user: UserRow): Promise<Headroom> {
    const { settings } = await this.settings.forTenant(user.tenant_id);
    return this.claims.headroom(user.id, settings.controls);
  }

  /** Where the customer sends USDT: their brand's first active TRC20 wallet (sells are TRC20 only). */
  private async depositAddress(tenantId: string): Promise<string | null> {
    const { state } = await this.tenants.load(tenantId);
    return state?.cryptoWallets.find((w) => w.isActive && w.network === 'TRC20')?.address ?? null;
  }

  /** The Global Settings with the brand's overrides, and the revisions they came from. */
  private async termsInForce(tenantId: string): Promise<TermsInForce> {
    const { settings, revision, overrideRevision } = await this.settings.forTenant(tenantId);
    return { settings, settingsRevision: revision, overrideRevision };
  }

  /**
   * The id and reference code are drawn only once the order's terms are accepted, and an order over
   * the customer's limits gives its code back: a refused order keeps no code. A claim whose order
   * was not recorded is given up, so it does not count against the customer; but only once the
   * store says so. An append whose answer was lost may have committed, and a claim given up under a
   * recorded order would let the limits count less (decision 0023); when the store cannot say, the
   * orphan-claim sweep (orphan-claims.ts) decides later.
   */
  private async place(terms: PlacedTerms, inForce: TermsInForce, metadata: EventMetadata): Promise<OrderView> {
    // A request sent with an Idempotency-Key places the order its key stands for: a retry whose first
    // run was recorded before its process died (idempotency.ts) finds that order instead of placing
    // a second one, before it claims anything against the customer's limits.
    const orderId = metadata.idempotencyId ?? randomUUID();
    if (metadata.idempotencyId) {
      const { view } = await this.orders.load(orderId);
      if (view?.userId === terms.userId) return view;
    }
    const field = terms.orderType === 'fiat_to_crypto' ? 'fiatAmount' : 'cryptoAmount';
    const claim = { orderId, userId: terms.userId, fiatInr: terms.fiatAmount, at: new Date(metadata.acceptedAt), field } as const;
    const refCode = await this.claims.claim(claim, inForce.settings.controls);
    try {
      return await this.orders.create({ type: 'OrderPlaced', data: { ...terms, orderId, refCode } }, metadata);
    } catch (error) {
      if (await this.notRecorded(orderId)) await this.claims.release(orderId).catch(() => undefined);
      throw error;
    }
  }

  private async notRecorded(orderId: string): Promise<boolean> {
    try {
      return (await this.orders.load(orderId)).revision === null;
    } catch {
      return false;
    }
  }
}
