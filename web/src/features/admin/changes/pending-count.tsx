import { useQuery } from '@tanstack/react-query';
import { changesApi, changesKeys } from './changes-api';
import { CHANGES_REFRESH_MS } from './pending-changes-page';

/**
 * How many changes wait for the signed-in admin to confirm (not their own), beside the sidebar's
 * link; nothing when none does. Refreshed every 15 seconds and after any admin command.
 */
export function PendingCount() {
  const changes = useQuery({ queryKey: changesKeys.all, queryFn: changesApi.list, refetchInterval: CHANGES_REFRESH_MS });
  const waiting = changes.data?.waitingForYou ?? 0;
  if (waiting === 0) return null;
  return (
    <span className="badge pending-count">
      {waiting}
      <span className="visually-hidden"> waiting for you</span>
    </span>
  );
}
