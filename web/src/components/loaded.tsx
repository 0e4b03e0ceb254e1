import type { ReactNode } from 'react';

interface LoadedProps<Data> {
  /** A query's state, as TanStack Query reports it. */
  query: { isPending: boolean; isError: boolean; data: Data | undefined };
  /** Said while the first answer is awaited, e.g. "Loading tenants...". */
  loading: string;
  /** Said, and announced, when the call failed. */
  failed: ReactNode;
  /** The failure stands alone on the page (no card around it), so it is drawn as a card itself. */
  failedCard?: boolean;
  children: (data: Data) => ReactNode;
}

/**
 * What a query's data shows once it has come; until then its loading text, or its failure. A refresh
 * that fails keeps what was shown, saying it is not current: the screen (and what someone was doing
 * on it, a refusal read, columns half set) stays, and nothing old passes for current.
 */
export function Loaded<Data>({ query, loading, failed, failedCard, children }: LoadedProps<Data>) {
  if (query.isPending) return <p className="muted">{loading}</p>;
  if (query.data === undefined) {
    return (
      <p role="alert" className={failedCard ? 'error card' : 'error'}>
        {failed}
      </p>
    );
  }
  if (!query.isError) return children(query.data);
  return (
    <>
      <p role="status" className="error">
        {STALE}
      </p>
      {children(query.data)}
    </>
  );
}

/** Said above data whose refresh failed. */
const STALE = 'This could not be refreshed: it shows what was loaded before.';
