import { randomUUID } from 'node:crypto';
import type { OrderPlaced, Network, PaymentMethod, PayoutBankAccount } from '@desk/machines/order/order.events';
import type { OrderView } from '@desk/machines/order/order-state';
import { formatInr, quoteBuy, quoteSell, selectFeePercent, selectRate } from '@desk/machines/pricing/pricing';
import { Money } from '@desk/machines/pricing/decimal';
import { amountProblem } from '@desk/machines/pricing/bounds';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import type { SettingsService } from '../settings/settings.service';
import type { Settings } from '@desk/machines/settings/settings.schema';
import type { TenantStore } from '../tenants/tenant-store';
import type { UserRow } from '../identity/users.repository';
import { ValidationError } from '@desk/platform/errors/domain-error';
import { RateChangedError } from './order-errors';
import type { OrderStore } from './order-store';

export interface PlacementTimes {
  paymentWindowMinutes: number;
  rateLockMinutes: number;
}

/** Claims a reference code no other order has (ref-code.ts). */
export type RefCodeClaim = (orderId: string) => Promise<string>;

export interface BuyInput {
  fiatAmount: string;
  network: Network;
  withdrawAddress: string;
  method: PaymentMethod;
  expectedRate?: string | undefined;
}

export interface SellInput {
  cryptoAmount: string;
  network: Network;
  method: PaymentMethod;
  payoutBankAccount: PayoutBankAccount | null;
  expectedRate?: string | undefined;
}

const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000).toISOString();

function checkExpectedRate(expected: string | undefined, current: string): void {
  if (expected !== undefined && !new Money(expected).eq(new Money(current))) throw new RateChangedError(current);
}

function checkRange(amount: string, min: string, max: string, path: string, describe: (v: string) => string): void {
  const value = new Money(amount);
  if (value.lt(min)) throw ValidationError.of(path, `Minimum order amount is ${describe(min)}`);
  if (value.gt(max)) throw ValidationError.of(path, `Maximum order amount is ${describe(max)}`);
}

/** Every amount the order records stays within the bounds (a limit set far too high must not overflow). */
function checkAmounts(amounts: { fiatAmount: string; cryptoAmount: string; feeAmount: string }): void {
  for (const path of ['fiatAmount', 'cryptoAmount', 'feeAmount'] as const) {
    const problem = amountProblem(amounts[path]);
    if (problem) throw ValidationError.of(path, problem);
  }
}

/**
 * Placing an order: the rate and fee in force are captured with the settings revision they came
 * from, the amounts are computed once (the same maths the screens preview), and the rate lock and
 * payment window are recorded as times on the order.
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
    const terms = await this.termsInForce(user, 'buy', input.method, input.expectedRate, (limits) => {
      checkRange(input.fiatAmount, limits.buyInr.min, limits.buyInr.max, 'fiatAmount', formatInr);
    });
    const quote = quoteBuy({ fiatAmount: input.fiatAmount, rate: terms.rate, feePercent: terms.feePercent });
    return this.place(user, metadata, {
      ...terms,
      orderType: 'fiat_to_crypto',
      method: input.method,
      network: input.network,
      fiatAmount: quote.fiatAmount,
      cryptoAmount: quote.netUsdt,
      feeAmount: quote.feeUsdt,
      withdrawAddress: input.withdrawAddress,
      depositAddress: null,
      payoutBankAccount: null,
    });
  }

  async placeSell(user: UserRow, input: SellInput, metadata: EventMetadata): Promise<OrderView> {
    const terms = await this.termsInForce(user, 'sell', input.method, input.expectedRate, (limits) => {
      checkRange(input.cryptoAmount, limits.sellUsdt.min, limits.sellUsdt.max, 'cryptoAmount', (v) => `${v} USDT`);
    });
    const quote = quoteSell({ cryptoAmount: input.cryptoAmount, rate: terms.rate, feePercent: terms.feePercent });
    return this.place(user, metadata, {
      ...terms,
      orderType: 'crypto_to_fiat',
      method: input.method,
      network: input.network,
      fiatAmount: quote.netInr,
      cryptoAmount: quote.cryptoAmount,
      feeAmount: quote.feeInr,
      withdrawAddress: null,
      // Where the customer sends USDT: their tenant's first active TRC20 wallet (sells are TRC20 only).
      depositAddress: await this.depositAddress(user.tenant_id),
      payoutBankAccount: input.payoutBankAccount,
    });
  }

  private async depositAddress(tenantId: string): Promise<string | null> {
    const { state } = await this.tenants.load(tenantId);
    return state?.cryptoWallets.find((w) => w.isActive && w.network === 'TRC20')?.address ?? null;
  }

  /**
   * The rate, its source and the fee in force now for the customer's brand (the Global Settings
   * with the brand's overrides), after the amount's limits and the shown rate are checked.
   */
  private async termsInForce(user: UserRow, side: 'buy' | 'sell', method: PaymentMethod, expectedRate: string | undefined, checkLimits: (limits: Settings['limits']) => void) {
    const { settings, revision, overrideRevision } = await this.settings.forTenant(user.tenant_id);
    checkLimits(settings.limits);
    const { rate, rateKey } = selectRate(settings.rates, side, method);
    checkExpectedRate(expectedRate, rate);
    return { rate, rateSource: { settingsRevision: revision ?? 'defaults', overrideRevision, rateKey }, feePercent: selectFeePercent(settings.fees, side) };
  }

  private async place(
    user: UserRow,
    metadata: EventMetadata,
    terms: Omit<OrderPlaced['data'], 'orderId' | 'refCode' | 'userId' | 'userPhone' | 'username' | 'tenantId' | 'placedAt' | 'rateLockedUntil' | 'paymentDueAt'>,
  ): Promise<OrderView> {
    checkAmounts(terms);
    const orderId = randomUUID();
    const now = new Date(metadata.acceptedAt);
    const event: OrderPlaced = {
      type: 'OrderPlaced',
      data: {
        ...terms,
        orderId,
        refCode: await this.claimRefCode(orderId),
        userId: user.id,
        userPhone: user.phone,
        username: user.username,
        tenantId: user.tenant_id,
        placedAt: now.toISOString(),
        rateLockedUntil: minutesAfter(now, this.times.rateLockMinutes),
        paymentDueAt: minutesAfter(now, this.times.paymentWindowMinutes),
      },
    };
    return this.orders.create(event, metadata);
  }
}
