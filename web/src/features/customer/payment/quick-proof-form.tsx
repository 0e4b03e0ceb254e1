import type { FormEvent } from 'react';
import { useToast } from '../../../components/toasts';
import { Field } from '../../../components/field';
import type { Order } from '../customer-api';
import { failureText } from '../../../lib/failure-text';
import { ErrorAlert } from '../../../components/error-alert';
import { ProofFileField } from './proof-file-field';
import { referenceLabel, useProofDraft, useUploadProof } from './proof-file';

/** The dashboard's proof step right after ordering: a reference, alone or with a file. */
export function QuickProofForm({ order, onSubmitted }: { order: Order; onSubmitted: () => void }) {
  const toast = useToast();
  const draft = useProofDraft();
  const upload = useUploadProof(order);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A reference alone will do here; a file needs its reference (the server's rule).
    if (!draft.checkReference()) return;
    upload.mutate(
      { file: draft.file, reference: draft.reference },
      {
        onSuccess: () => {
          toast('Proof uploaded successfully');
          onSubmitted();
        },
        onError: (error) => toast(failureText(error, 'Failed to submit proof'), 'error'),
      },
    );
  };

  const ready = (draft.reference.trim() !== '' || draft.file !== null) && !draft.fileError && !upload.isPending;
  return (
    <form onSubmit={submit} noValidate aria-label="Submit payment proof">
      <h3>Submit proof</h3>
      <Field label={referenceLabel(order)} error={draft.referenceError}>
        <input value={draft.reference} onChange={(e) => draft.setReference(e.target.value)} autoComplete="off" />
      </Field>
      <ProofFileField label="Screenshot or receipt (optional)" hint="Images or PDF, less than 5MB" error={draft.fileError} onPick={draft.pickFile} />
      <ErrorAlert>{upload.isError && failureText(upload.error, 'Failed to submit proof')}</ErrorAlert>
      <button type="submit" className="btn" disabled={!ready}>
        {upload.isPending ? 'Submitting...' : 'Submit Proof'}
      </button>
    </form>
  );
}
