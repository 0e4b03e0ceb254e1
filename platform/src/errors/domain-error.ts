/**
 * Base of every error the domain raises on purpose: a stable machine `code`, the HTTP status the
 * API answers with, and a message a person can read. The API's error handler answers with
 * `body()`: by default `{ error: message, code }`, because the clients show the `error` field as
 * it is (seed-spec section 8). Errors the specification names by code (validation_error,
 * rate_changed, ...) override `body()` to put that code in `error`.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }

  body(): Record<string, unknown> {
    return { error: this.message, code: this.code };
  }
}

/**
 * An error that always says the same thing, as a class to throw: `const PhoneTaken = fixedError(...)`
 * then `throw new PhoneTaken()`. Saves a five-line class per refusal.
 */
export function fixedError(code: string, status: DomainError['status'], message: string) {
  return class extends DomainError {
    constructor() {
      super(code, status, message);
    }
  };
}

export class NotFoundError extends DomainError {
  constructor(message: string) {
    super('not_found', 404, message);
  }
}

export class UnauthorizedError extends DomainError {
  constructor() {
    super('unauthorized', 401, 'Unauthorized. Please login again.');
  }
}

export class ForbiddenError extends DomainError {
  constructor() {
    super('forbidden', 403, 'Access denied. Admin privileges required.');
  }
}

/** 400 `{ error: 'validation_error', code: 'validation_error', details }`: what is wrong with the input, field by field. */
export class ValidationError extends DomainError {
  constructor(readonly details: { path: string; message: string }[]) {
    super('validation_error', 400, details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('; '));
  }

  static of(path: string, message: string): ValidationError {
    return new ValidationError([{ path, message }]);
  }

  override body(): Record<string, unknown> {
    return { error: 'validation_error', code: this.code, details: this.details };
  }
}
