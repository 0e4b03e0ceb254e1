import { useSay, useT } from '../../../i18n/use-t';
import type { FormEvent } from 'react';
import { useToast } from '../../../components/toasts';
import { Field } from '../../../components/field';
import type { Order } from '../customer-api';
import { failureText } from '../../../lib/failure-text';
import { ErrorAlert } from '../../../components/error-alert';
import { ProofFileField } from './proof-file-field';
import { referenceLabel, useProofDraft, useUploadProof } from './proof-file';
import { SubmitButton } from '../../../components/submit-button';

/** The dashboard's proof step right after ordering: a reference, alone or with a file. */
export function QuickProofForm({ order, onSubmitted }: { order: Order; onSubmitted: () => void }) {
  const t = useT();
  const say = useSay();
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
          toast(say('Proof uploaded successfully'));
          onSubmitted();
        },
        onError: (error) => toast(say(failureText(error, 'Failed to submit proof')), 'error'),
      },
    );
  };

  const ready = (draft.reference.trim() !== '' || draft.file !== null) && !draft.fileError && !upload.isPending;
  return (
    <form onSubmit={submit} noValidate aria-label={t('customer.proof.quickLabel')}>
      <h3>{t('customer.proof.quickTitle')}</h3>
      <Field label={t(referenceLabel(order))} error={draft.referenceError && say(draft.referenceError)}>
        <input value={draft.reference} onChange={(e) => draft.setReference(e.target.value)} autoComplete="off" />
      </Field>
      <ProofFileField
        label={t('customer.proof.screenshot')}
        hint={t('customer.proof.screenshotHint')}
        error={draft.fileError && say(draft.fileError)}
        onPick={draft.pickFile}
      />
      <ErrorAlert>{upload.isError && say(failureText(upload.error, 'Failed to submit proof'))}</ErrorAlert>
      <SubmitButton busy={upload.isPending} busyLabel={t('customer.proof.submitting')} disabled={!ready}>
        {t('customer.proof.submit')}
      </SubmitButton>
    </form>
  );
}
