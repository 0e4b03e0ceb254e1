import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../error-alert';
import { Field } from '../field';
import { OTP_LENGTH, OtpBoxes } from '../otp-boxes';

export interface CurrentFactors {
  currentPassword: string;
  code?: string;
  recoveryCode?: string;
}

interface CurrentFactorsFormProps {
  /** An authenticator is set up: replacing it asks for a code from it (or a recovery code) as well as the password. */
  enrolled: boolean;
  pending: boolean;
  error: string | null;
  onSubmit: (factors: CurrentFactors) => void;
  onCancel: () => void;
}

/**
 * Before an authenticator is set up or replaced: the current password, and when one is set up, a
 * code from it or one of the recovery codes (decision 0029: the password alone would let whoever
 * learnt it move the second factor to their own phone from a session left open).
 */
export function CurrentFactorsForm({ enrolled, pending, error, onSubmit, onCancel }: CurrentFactorsFormProps) {
  const [password, setPassword] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const factorReady = !enrolled || (useRecovery ? recoveryCode.trim() !== '' : code.length === OTP_LENGTH);
  const ready = password !== '' && factorReady && !pending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const factor = !enrolled ? {} : useRecovery ? { recoveryCode: recoveryCode.trim() } : { code };
    onSubmit({ currentPassword: password, ...factor });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Field label="Current password">
        <input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      {enrolled &&
        (useRecovery ? (
          <Field label="Recovery code" hint="One of the codes you saved when you set up your authenticator app. It can be used once.">
            <input autoComplete="off" autoCapitalize="none" spellCheck={false} value={recoveryCode} onChange={(e) => setRecoveryCode(e.target.value)} />
          </Field>
        ) : (
          <OtpBoxes value={code} onChange={setCode} disabled={pending} label="Code from your current authenticator app" />
        ))}
      {enrolled && (
        <p className="muted">
          <button type="button" className="btn link" onClick={() => setUseRecovery(!useRecovery)}>
            {useRecovery ? 'Use the authenticator app instead' : 'Lost your phone? Use a recovery code'}
          </button>
        </p>
      )}
      <ErrorAlert>{error}</ErrorAlert>
      <div className="button-row">
        <button className="btn" type="submit" disabled={!ready}>
          Continue
        </button>
        <button type="button" className="btn secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
