import { useState, type FormEvent } from 'react';
import { PROOF_TYPES } from '@desk/machines/files/file-limits';
import { useToast } from '../../../components/toasts';
import { Field } from '../../../components/field';
import type { Order } from '../customer-api';
import { failureText } from '../../../lib/failure-text';
import { proofFileProblem, referenceLabel, useUploadProof } from './proof-file';

/** The dashboard's proof step right after ordering: a reference, a file, or both. */
export function QuickProofForm({ order, onSubmitted }: { order: Order; onSubmitted: () => void }) {
  const toast = useToast();
  const [reference, setReference] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useUploadProof(order);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    upload.mutate(
      { file, reference },
      {
        onSuccess: () => {
          toast('Proof uploaded successfully');
          onSubmitted();
        },
        onError: (error) => toast(failureText(error, 'Failed to submit proof'), 'error'),
      },
    );
  };

  const ready = (reference.trim() !== '' || file !== null) && !fileError && !upload.isPending;
  return (
    <form onSubmit={submit} noValidate aria-label="Submit payment proof">
      <h3>Submit proof</h3>
      <Field label={referenceLabel(order)}>
        <input value={reference} onChange={(e) => setReference(e.target.value)} autoComplete="off" />
      </Field>
      <Field label="Screenshot or receipt (optional)" error={fileError} hint="Images or PDF, less than 5MB">
        <input
          type="file"
          accept={PROOF_TYPES.join(',')}
          onChange={(e) => {
            const picked = e.target.files?.[0] ?? null;
            setFileError(picked ? proofFileProblem(picked) : null);
            setFile(picked);
          }}
        />
      </Field>
      {upload.isError && (
        <p role="alert" className="error">
          {failureText(upload.error, 'Failed to submit proof')}
        </p>
      )}
      <button type="submit" className="btn" disabled={!ready}>
        {upload.isPending ? 'Submitting...' : 'Submit Proof'}
      </button>
    </form>
  );
}
