/**
 * A command the domain will not carry out, and why. Deciders throw it; the API turns it into its
 * answer (invalid: 400 with the field, forbidden: 403, not_found: 404, conflict: 409), so the rule and its words
 * live in one place, whichever screen or route asked.
 */
export class Refusal extends Error {
  constructor(
    readonly kind: 'invalid' | 'not_found' | 'conflict' | 'forbidden',
    readonly code: string,
    message: string,
    /** The input field at fault, for `invalid`. */
    readonly path: string | null = null,
  ) {
    super(message);
    this.name = 'Refusal';
  }

  static invalid(path: string, message: string): Refusal {
    return new Refusal('invalid', 'validation_error', message, path);
  }

  static notFound(message: string): Refusal {
    return new Refusal('not_found', 'not_found', message);
  }

  static conflict(code: string, message: string): Refusal {
    return new Refusal('conflict', code, message);
  }

  /** This actor may not do it, whoever else may (the requester confirming their own request). */
  static forbidden(code: string, message: string): Refusal {
    return new Refusal('forbidden', code, message);
  }
}

/** The customer was shown another rate than the one in force now: nothing is placed. */
export class RateChangedRefusal extends Refusal {
  constructor(readonly currentRate: string) {
    super('conflict', 'rate_changed', `The rate has changed to ${currentRate}. Please review the new amount and confirm again.`);
  }
}
