import type { OrderRefusal } from '@desk/machines/order/order-state';
import { DomainError, NotFoundError } from '@desk/platform/errors/domain-error';

/** The order is not in a state that allows the action: 409 naming the status it is in. */
export class InvalidTransitionError extends DomainError {
  constructor(readonly refusal: OrderRefusal) {
    super('invalid_transition', 409, refusal.message);
  }

  override body(): Record<string, unknown> {
    return { error: this.message, code: this.code, currentStatus: this.refusal.currentStatus };
  }
}

/** The customer was shown another rate than the one in force now: nothing is placed. */
export class RateChangedError extends DomainError {
  constructor(readonly currentRate: string) {
    super('rate_changed', 409, `The rate has changed to ${currentRate}. Please review the new amount and confirm again.`);
  }

  override body(): Record<string, unknown> {
    return { error: 'rate_changed', message: this.message, currentRate: Number(this.currentRate) };
  }
}

export class OrderNotFoundError extends NotFoundError {
  constructor() {
    super('Order not found');
  }
}
