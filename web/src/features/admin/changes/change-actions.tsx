import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/error-alert';
import { Field } from '../../../components/field';
import { FormModal } from '../../../components/form-modal';
import { useToast } from '../../../components/toasts';
import { failureText } from '../../../lib/failure-text';
import { changesApi, type DeskChange } from './changes-api';

/**
 * Confirm and Decline (with a note) for another admin's request; Withdraw for one's own (the server
 * refuses the requester's confirmation too). After any of them every admin screen refreshes: a
 * confirmed change is in force at once.
 */
export function ChangeActions({ change, mine }: { change: DeskChange; mine: boolean }) {
  const client = useQueryClient();
  const toast = useToast();
  const [declining, setDeclining] = useState(false);
  const [note, setNote] = useState('');
  const done = (message: string) => {
    toast(message);
    setDeclining(false);
    // The change may have moved settings, a brand or a user: everything the admin screens show.
    void client.invalidateQueries({ queryKey: ['admin'] });
    void client.invalidateQueries({ queryKey: ['config', 'public'] });
  };
  const confirm = useMutation({
    mutationFn: () => changesApi.confirm(change._id),
    onSuccess: (a) => done(a.message),
    // Out of date or already ended: the request is read again, and shows how it ended.
    onError: () => void client.invalidateQueries({ queryKey: ['admin', 'changes'] }),
  });
  const decline = useMutation({ mutationFn: () => changesApi.decline({ id: change._id, note: note.trim() }), onSuccess: (a) => done(a.message) });
  const withdraw = useMutation({ mutationFn: () => changesApi.withdraw(change._id), onSuccess: (a) => done(a.message) });
  const busy = confirm.isPending || decline.isPending || withdraw.isPending;
  const failed = confirm.error ?? withdraw.error;
  const failure = failed && failureText(failed, 'The change could not be saved');

  return (
    <div className="stack">
      <div className="admin-actions">
        {mine ? (
          <button type="button" className="btn secondary" disabled={busy} onClick={() => withdraw.mutate()}>
            {withdraw.isPending ? 'Withdrawing...' : 'Withdraw request'}
          </button>
        ) : (
          <>
            <button type="button" className="btn" disabled={busy} onClick={() => confirm.mutate()}>
              {confirm.isPending ? 'Confirming...' : 'Confirm change'}
            </button>
            <button type="button" className="btn secondary" disabled={busy} onClick={() => setDeclining(true)}>
              Decline
            </button>
          </>
        )}
      </div>
      {mine && <p className="muted">You asked for this change: a different admin must confirm it.</p>}
      <ErrorAlert>{failure}</ErrorAlert>
      {declining && (
        <FormModal
          title="Decline this change"
          formId={`decline-${change._id}`}
          saveLabel="Decline change"
          saving={decline.isPending}
          savingLabel="Declining..."
          onClose={() => setDeclining(false)}
          onSubmit={(event) => {
            event.preventDefault();
            decline.mutate();
          }}
        >
          <Field label="Note for the admin who asked (optional)">
            <textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} rows={3} />
          </Field>
          <ErrorAlert>{decline.error && failureText(decline.error, 'Failed to decline the change')}</ErrorAlert>
        </FormModal>
      )}
    </div>
  );
}
