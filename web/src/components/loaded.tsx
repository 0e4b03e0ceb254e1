import type { ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { formatDateTime } from '../lib/format-date-time';

interface LoadedProps<Data> {
  /** A query's state, as TanStack Query reports it. */
  query: { isPending: boolean; isError: boolean; data: Data | undefined; error?: unknown; dataUpdatedAt?: number };
  /** Said while the first answer is awaited, e.g. "Loading tenants...". */
  loading: string;
  /** Said, and announced, when the call failed. */
  failed: ReactNode;
  /** The failure stands alone on the page (no card around it), so it is drawn as a card itself. */
  failedCard?: boolean;
  children: (data: Data) => ReactNode;
}

/**
 * The refusals that say the data shown is no longer so: signed out (401), no longer yours to see
 * (403), gone (404, 410). Any other failure says nothing of the data: the server or the connection
 * did not answer, or said to come back later (408, 429: review 20).
 */
const NO_LONGER_SO = new Set([401, 403, 404, 410]);
const passing = (error: unknown) => !(error instanceof ApiError && NO_LONGER_SO.has(error.status));

/**
 * What a query's data shows once it has come; until then its loading text, or its failure. A refresh
 * the server did not answer keeps what was shown, saying since when (review 19): the screen, and what
 * someone was doing on it (a refusal read, columns half set), stays, and nothing old passes for
 * current. A refresh refused (403, 404) shows the refusal instead.
 */
export function Loaded<Data>({ query, loading, failed, failedCard, children }: LoadedProps<Data>) {
  if (query.isPending) return <p className="muted">{loading}</p>;
  if (query.data === undefined || (query.isError && !passing(query.error))) {
    return (
      <p role="alert" className={failedCard ? 'error card' : 'error'}>
        {failed}
      </p>
    );
  }
  if (!query.isError) return children(query.data);
  const since = query.dataUpdatedAt ? ` at ${formatDateTime(new Date(query.dataUpdatedAt).toISOString())}` : ' before';
  return (
    <>
      <p role="alert" className="error">
        This could not be refreshed: it shows what was loaded{since}.
      </p>
      {children(query.data)}
    </>
  );
}
