import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toasts';
import { failureText } from '../../../lib/failure-text';
import { projectionsApi, projectionsKey, type Projection } from './projections-api';

/**
 * Queues a rebuild after a confirmation: it empties the projection's tables, so the screens that
 * read them show less until the replay has caught up.
 */
export function RebuildButton({ projection }: { projection: Projection }) {
  const { name } = projection;
  const [confirming, setConfirming] = useState(false);
  const toast = useToast();
  const client = useQueryClient();
  const rebuild = useMutation({
    mutationFn: () => projectionsApi.rebuild(name),
    onSuccess: async () => {
      toast(`Rebuild of ${name} queued`);
      await client.invalidateQueries({ queryKey: projectionsKey });
    },
    onError: (error) => toast(failureText(error, `Failed to start the rebuild of ${name}`), 'error'),
    onSettled: () => setConfirming(false),
  });
  const running = projection.rebuilding !== null;
  return (
    <>
      <button
        type="button"
        className="btn secondary small"
        aria-label={`Rebuild ${name}`}
        disabled={running || rebuild.isPending}
        onClick={() => setConfirming(true)}
      >
        {running ? 'Rebuilding...' : 'Rebuild'}
      </button>
      {confirming && (
        <ConfirmDialog
          title={`Rebuild ${name}?`}
          confirmLabel="Rebuild"
          busy={rebuild.isPending}
          onConfirm={() => rebuild.mutate()}
          onCancel={() => setConfirming(false)}
        >
          <p>
            Its tables are emptied and every event is applied again from the start. The screens that read them show less until it has caught up.
            {projection.quarantined > 0 && ` The ${projection.quarantined} quarantined events are tried again.`}
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
