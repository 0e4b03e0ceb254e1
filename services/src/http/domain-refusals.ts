import { DomainError, NotFoundError, ValidationError } from '@desk/platform/errors/domain-error';
import { OrderTransitionError, type OrderRefusal } from '@desk/machines/order/order-state';
import { RateChangedRefusal, Refusal } from '@desk/machines/shared/refusal';
import { WrongExpectedVersionError } from '@desk/platform/eventstore/event-store.errors';

export const CHANGED_MEANWHILE = 'This was changed by another request at the same moment: reload it and try again';

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
    return { error: 'rate_changed', code: this.code, message: this.message, currentRate: Number(this.currentRate) };
  }
}

/**
 * The domain refuses in its own terms (machines/src/shared/refusal.ts, the order machine's
 * refusals); this is how the API answers each. Null for anything that is not a refusal.
 */
export function asDomainError(error: unknown): DomainError | null {
  // The command lost its race with others on the same record every time it was tried again: say so
  // in people's words (the stream's name and revisions are for the log).
  if (error instanceof WrongExpectedVersionError) return new DomainError(error.code, 409, CHANGED_MEANWHILE);
  if (error instanceof DomainError) return error;
  if (error instanceof OrderTransitionError) return new InvalidTransitionError(error.refusal);
  if (error instanceof RateChangedRefusal) return new RateChangedError(error.currentRate);
  if (error instanceof Refusal) {
    if (error.kind === 'invalid') return ValidationError.of(error.path ?? '', error.message);
    if (error.kind === 'not_found') return new NotFoundError(error.message);
    if (error.kind === 'forbidden') return new DomainError(error.code, 403, error.message);
    return new DomainError(error.code, 409, error.message);
  }
  return null;
}
