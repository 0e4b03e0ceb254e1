import { ApiError } from '../../../lib/api';
import { Failure } from '../ui/failure';

/** The server refuses a brand's officer (403): the changes to the desk's rules are the operator's, not a brand's. */
const isRefused = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * A failed read of the desk changes: a brand's officer is told in a sentence why they see none (the
 * changes are the operator's), anyone else gets the failure announced as on every compliance page.
 */
export function ChangesFailure({ error, fallback }: { error: unknown; fallback: string }) {
  if (isRefused(error)) {
    return (
      <p className="card" role="status">
        These are the operator&apos;s changes to the desk&apos;s own rules (its controls, rates, limits, staff and where customers pay), not a brand&apos;s:
        only the operator&apos;s compliance officers read them.
      </p>
    );
  }
  return <Failure error={error} fallback={fallback} />;
}
