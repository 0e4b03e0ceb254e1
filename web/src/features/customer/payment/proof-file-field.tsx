import type { Ref } from 'react';
import { PROOF_TYPES } from '@desk/machines/files/file-limits';
import { Field } from '../../../components/field';

interface ProofFileFieldProps {
  label: string;
  hint: string;
  error: string | null;
  /** The file picked, or null when the choice was cleared. */
  onPick: (file: File | null) => void;
  ref?: Ref<HTMLInputElement>;
}

/** A proof file's input, offering only the types the server takes. */
export function ProofFileField({ label, hint, error, onPick, ref }: ProofFileFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      <input ref={ref} type="file" accept={PROOF_TYPES.join(',')} onChange={(e) => onPick(e.target.files?.[0] ?? null)} />
    </Field>
  );
}
