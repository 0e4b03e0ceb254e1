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

/** What a query's data shows once it has come; until then its loading text, or its failure. */
export function Loaded<Data>({ query, loading, failed, failedCard, children }: LoadedProps<Data>) {
  if (query.isPending) return <p className="muted">{loading}</p>;
  if (query.isError || query.data === undefined) {
    return (
      <p role="alert" className={failedCard ? 'error card' : 'error'}>
        {failed}
      </p>
    );
  }
  return children(query.data);
}
