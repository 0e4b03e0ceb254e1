/**
 * Base of every error the domain raises on purpose: a stable machine code and the HTTP status
 * the API answers with. The API's error handler turns these into `{ error: code, message }`.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
