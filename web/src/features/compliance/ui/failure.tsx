import { ErrorAlert } from '../../../components/error-alert';
import { ApiError } from '../../../lib/api';
import { failureText } from '../../../lib/failure-text';

/** What a failed compliance call says: "Access denied" on a 403 (no role, another brand), else the server's text or `fallback`. */
export function complianceFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 403) return 'Access denied';
  return failureText(error, fallback);
}

/** The announced error line for a failed query or command; nothing while there is none. */
export function Failure({ error, fallback }: { error: unknown; fallback: string }) {
  return <ErrorAlert>{error ? complianceFailure(error, fallback) : null}</ErrorAlert>;
}
