import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/field';
import { FormModal } from '../../../components/form-modal';
import { ConfirmLineStep } from './confirm-line-step';
import { lineSummary } from './line-summary';
import { reconciliationApi, type UnmatchedLine } from './reconciliation-api';
import { useLineDecision } from './use-line-decision';

/**
 * Marking an unmatched line for refund, in two steps: say why (whoever pays the refund reads it),
 * then confirm. The line leaves the queue; the refund itself is paid from the bank, outside the desk.
 */
export function RefundLineDialog({ line, onClose }: { line: UnmatchedLine; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const refund = useLineDecision(reconciliationApi.refund, 'The line could not be marked for refund');

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (note.trim() === '') return setProblem('Say why this money goes back (the admin who pays the refund reads it)');
    setProblem(null);
    setConfirming(true);
  };

  if (confirming) {
    return (
      <ConfirmLineStep
        title="Confirm the refund"
        confirmLabel="Mark for refund"
        busyLabel="Marking…"
        busy={refund.isPending}
        failure={refund.failure}
        danger
        onBack={() => setConfirming(false)}
        onConfirm={() => refund.mutate({ accountId: line.accountId, key: line.key, note: note.trim() }, { onSuccess: onClose })}
        onClose={onClose}
      >
        <p>
          Mark <strong>{lineSummary(line)}</strong> for refund?
        </p>
        <p className="muted">It leaves the unmatched queue and pays no order. The refund itself is paid from the bank account.</p>
      </ConfirmLineStep>
    );
  }
  return (
    <FormModal title="Mark for refund" formId="refund-line" saveLabel="Continue" saving={false} onClose={onClose} onSubmit={next}>
      <p>{lineSummary(line)}</p>
      <Field label="Why it goes back" error={problem} hint="Whoever pays the refund reads this">
        <textarea value={note} maxLength={500} rows={3} onChange={(event) => setNote(event.target.value)} />
      </Field>
    </FormModal>
  );
}
