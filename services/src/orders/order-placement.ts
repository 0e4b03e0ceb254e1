import { randomUUID } from 'node:crypto';
import type { OrderView } from '@desk/machines/order/order-state';
import type { OrderPlaced } from '@desk/machines/order/order.events';
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
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import type { SettingsService } from '../settings/settings.service';
import type { TenantStore } from '../tenants/tenant-store';
import type { UserRow } from '../identity/users.repository';
import type { OrderStore } from './order-store';

export type { PlacementTimes };
export type BuyInput = PlaceBuy;
export type SellInput = Omit<PlaceSell, 'depositAddress'>;

/** Claims a reference code no other order has (ref-code.ts). */
export type RefCodeClaim = (orderId: string) => Promise<string>;

const customerOf = (user: UserRow): Customer => ({ userId: user.id, userPhone: user.phone, username: user.username, tenantId: user.tenant_id });

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
    private readonly claimRefCode: RefCodeClaim,
  ) {}

  async placeBuy(user: UserRow, input: BuyInput, metadata: EventMetadata): Promise<OrderView> {
    const terms = decideBuy(customerOf(user), input, await this.termsInForce(user.tenant_id), this.times, new Date(metadata.acceptedAt));
    return this.place(terms, metadata);
  }

  async placeSell(user: UserRow, input: SellInput, metadata: EventMetadata): Promise<OrderView> {
    const [terms, depositAddress] = await Promise.all([this.termsInForce(user.tenant_id), this.depositAddress(user.tenant_id)]);
    return this.place(decideSell(customerOf(user), { ...input, depositAddress }, terms, this.times, new Date(metadata.acceptedAt)), metadata);
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

  /** The id and reference code are drawn only once the order is accepted: a refused one wastes no code. */
  private async place(terms: PlacedTerms, metadata: EventMetadata): Promise<OrderView> {
    const orderId = randomUUID();
    const event: OrderPlaced = { type: 'OrderPlaced', data: { ...terms, orderId, refCode: await this.claimRefCode(orderId) } };
    return this.orders.create(event, metadata);
  }
}
