import { useRef, useState, type FormEvent } from 'react';
import { PROOF_TYPES } from '@desk/machines/files/file-limits';
import { useToast } from '../../../components/toasts';
import { Field } from '../../../components/field';
import type { Order } from '../customer-api';
import { failureText } from '../../../lib/failure-text';
import { proofFileProblem, referenceLabel, useUploadProof } from '../payment/proof-file';

/** The detail page's proof upload: a file is required here, the reference goes with it when given. */
export function ProofUploadForm({ order }: { order: Order }) {
  const toast = useToast();
  const fileInput = useRef<HTMLInputElement>(null);
  const [reference, setReference] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useUploadProof(order);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = file ? proofFileProblem(file) : 'Please select a file';
    setFileError(problem);
    if (problem) return;
    upload.mutate(
      { file, reference },
      {
        onSuccess: () => {
          toast('Proof uploaded successfully');
          setReference('');
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (error) => toast(failureText(error, 'Failed to upload proof'), 'error'),
      },
    );
  };

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="proof-title">
      <h2 id="proof-title">Upload payment proof</h2>
      <Field label="Proof file" error={fileError} hint="Images (PNG, JPEG, GIF, WebP) or PDF, less than 5MB">
        <input
          ref={fileInput}
          type="file"
          accept={PROOF_TYPES.join(',')}
          onChange={(e) => {
            const picked = e.target.files?.[0] ?? null;
            setFile(picked);
            setFileError(picked ? proofFileProblem(picked) : null);
          }}
        />
      </Field>
      <Field label={referenceLabel(order)}>
        <input value={reference} onChange={(e) => setReference(e.target.value)} autoComplete="off" />
      </Field>
      {upload.isError && (
        <p role="alert" className="error">
          {failureText(upload.error, 'Failed to upload proof')}
        </p>
      )}
      <button type="submit" className="btn" disabled={upload.isPending}>
        {upload.isPending ? 'Uploading...' : 'Upload Proof'}
      </button>
    </form>
  );
}
