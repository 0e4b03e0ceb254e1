import { useSay, useT } from '../../../i18n/use-t';
import { useRef, type FormEvent } from 'react';
import { useToast } from '../../../components/toasts';
import { Field } from '../../../components/field';
import type { Order } from '../customer-api';
import { failureText } from '../../../lib/failure-text';
import { ErrorAlert } from '../../../components/error-alert';
import { ProofFileField } from '../payment/proof-file-field';
import { proofFileProblem, referenceLabel, useProofDraft, useUploadProof } from '../payment/proof-file';
import { SubmitButton } from '../../../components/submit-button';

/** The detail page's proof upload: a file and its payment reference, both required. */
export function ProofUploadForm({ order }: { order: Order }) {
  const t = useT();
  const say = useSay();
  const toast = useToast();
  const fileInput = useRef<HTMLInputElement>(null);
  const draft = useProofDraft();
  const upload = useUploadProof(order);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { file, reference } = draft;
    const problem = file ? proofFileProblem(file) : 'Please select a file';
    draft.setFileError(problem);
    // Here the reference is required with the file (seed-spec section 5: "reference text non-empty").
    const referenceGiven = draft.checkReference(true);
    if (problem || !referenceGiven || !file) return;
    upload.mutate(
      { file, reference },
      {
        onSuccess: () => {
          toast(say('Proof uploaded successfully'));
          draft.clear();
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (error) => toast(say(failureText(error, 'Failed to upload proof')), 'error'),
      },
    );
  };

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="proof-title">
      <h2 id="proof-title">{t('customer.proof.title')}</h2>
      <ProofFileField
        ref={fileInput}
        label={t('customer.proof.file')}
        hint={t('customer.proof.fileHint')}
        error={draft.fileError && say(draft.fileError)}
        onPick={draft.pickFile}
      />
      <Field label={t(referenceLabel(order))} error={draft.referenceError && say(draft.referenceError)}>
        <input value={draft.reference} onChange={(e) => draft.setReference(e.target.value)} autoComplete="off" />
      </Field>
      <ErrorAlert>{upload.isError && say(failureText(upload.error, 'Failed to upload proof'))}</ErrorAlert>
      <SubmitButton busy={upload.isPending} busyLabel={t('customer.proof.uploading')}>
        {t('customer.proof.upload')}
      </SubmitButton>
    </form>
  );
}
