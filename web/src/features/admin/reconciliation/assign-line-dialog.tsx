import { useState, type FormEvent } from 'react';
import { formatInr } from '@desk/machines/pricing/pricing';
import { statusLabel } from '@desk/machines/order/order-state';
import { Field } from '../../../components/field';
import { FormModal } from '../../../components/form-modal';
import { ConfirmLineStep } from './confirm-line-step';
import { formatDateTime } from '../../../lib/format-date-time';
import { lineSummary } from './line-summary';
import { reconciliationApi, type UnmatchedLine } from './reconciliation-api';
import { useLineDecision } from './use-line-decision';

const ANOTHER = 'another';

/**
 * Assigning an unmatched line to an order, in two steps: choose the order (one the desk suggests,
 * or any by its reference) with a note, then confirm what will be recorded. Recorded with who.
 */
export function AssignLineDialog({ line, onClose }: { line: UnmatchedLine; onClose: () => void }) {
  const [choice, setChoice] = useState(line.candidates[0]?.refCode ?? ANOTHER);
  const [typed, setTyped] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const assign = useLineDecision(reconciliationApi.assign, 'The line could not be assigned');
  const refCode = (choice === ANOTHER ? typed : choice).trim().toUpperCase();

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (refCode === '') return setProblem('Enter the reference of the order this money pays (ORD-…)');
    setProblem(null);
    setConfirming(true);
  };
  const confirm = () => assign.mutate({ accountId: line.accountId, key: line.key, refCode, note: note.trim() || null }, { onSuccess: onClose });

  if (confirming) {
    return (
      <ConfirmLineStep
        title="Confirm the assignment"
        confirmLabel={`Assign to ${refCode}`}
        busyLabel="Assigning…"
        busy={assign.isPending}
        failure={assign.failure}
        onBack={() => setConfirming(false)}
        onConfirm={confirm}
        onClose={onClose}
      >
        <p>
          Record that <strong>{lineSummary(line)}</strong> is the money of order <strong>{refCode}</strong>?
        </p>
        <p className="muted">The order shows this statement line as its payment, assigned by you{note.trim() ? `, with your note` : ''}.</p>
      </ConfirmLineStep>
    );
  }
  return (
    <FormModal title="Assign to an order" formId="assign-line" saveLabel="Continue" saving={false} onClose={onClose} onSubmit={next}>
      <p>{lineSummary(line)}</p>
      <fieldset className="candidate-orders">
        <legend>The order this money pays</legend>
        {line.candidates.map((candidate) => (
          <label key={candidate.orderId} className="admin-check">
            <input type="radio" name="order" value={candidate.refCode} checked={choice === candidate.refCode} onChange={() => setChoice(candidate.refCode)} />
            <span>
              {candidate.refCode}: {formatInr(candidate.fiatAmount)}, {statusLabel(candidate.status)}, placed {formatDateTime(candidate.placedAt)}
            </span>
          </label>
        ))}
        <label className="admin-check">
          <input type="radio" name="order" value={ANOTHER} checked={choice === ANOTHER} onChange={() => setChoice(ANOTHER)} />
          <span>{line.candidates.length === 0 ? 'The order with this reference' : 'Another order'}</span>
        </label>
        {choice === ANOTHER && (
          <Field label="Order reference" error={problem} hint="As the order shows it, e.g. ORD-54HFEHFTCE">
            <input value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" />
          </Field>
        )}
      </fieldset>
      <Field label="Note (optional)" hint="Why this money is that order's: the order's history keeps it">
        <textarea value={note} maxLength={500} rows={2} onChange={(event) => setNote(event.target.value)} />
      </Field>
    </FormModal>
  );
}
