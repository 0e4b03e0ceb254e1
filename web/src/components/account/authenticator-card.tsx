import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../lib/format-date-time';
import { failureText } from '../../lib/failure-text';
import { signInApi, type AuthenticatorSetupInfo } from '../../lib/sign-in-api';
import { ErrorAlert } from '../error-alert';
import { Field } from '../field';
import { useToast } from '../toasts';
import { AuthenticatorSetup } from './authenticator-setup';
import { RecoveryCodes } from './recovery-codes';

type Step = { kind: 'idle' } | { kind: 'password' } | { kind: 'scan'; setup: AuthenticatorSetupInfo } | { kind: 'codes'; codes: string[] };

/** A staff member's authenticator app: whether one is set up, and setting one up or replacing it (with the current password). */
export function AuthenticatorCard() {
  const client = useQueryClient();
  const toast = useToast();
  const status = useQuery({ queryKey: ['authenticator'], queryFn: signInApi.authenticator });
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: signInApi.startAuthenticator,
    onSuccess: (setup) => (setError(null), setPassword(''), setStep({ kind: 'scan', setup })),
    onError: (failure) => setError(failureText(failure, 'Could not start')),
  });
  const confirm = useMutation({
    mutationFn: signInApi.confirmAuthenticator,
    onSuccess: (answer) => (setError(null), setStep({ kind: 'codes', codes: answer.recoveryCodes }), client.invalidateQueries({ queryKey: ['authenticator'] })),
    onError: (failure) => setError(failureText(failure, 'That code is not right')),
  });
  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (password) start.mutate({ currentPassword: password });
  };
  const enrolled = status.data?.enrolled ?? false;

  return (
    <section className="card" aria-labelledby="authenticator-title">
      <h2 id="authenticator-title">Authenticator app</h2>
      {status.data &&
        (enrolled ? (
          <p>
            Set up on {formatDateTime(status.data.enrolledAt)}. {status.data.recoveryCodesLeft} of 10 recovery codes left.
          </p>
        ) : (
          <p>
            {status.data.required
              ? 'Not set up yet: you will be asked to set one up when you next sign in.'
              : 'Not set up: sign-in asks for your password only.'}
          </p>
        ))}
      {step.kind === 'idle' && (
        <button type="button" className="btn secondary" onClick={() => setStep({ kind: 'password' })}>
          {enrolled ? 'Replace authenticator app' : 'Set up authenticator app'}
        </button>
      )}
      {step.kind === 'password' && (
        <form onSubmit={submitPassword} noValidate>
          <Field label="Current password">
            <input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          <ErrorAlert>{error}</ErrorAlert>
          <div className="button-row">
            <button className="btn" type="submit" disabled={!password || start.isPending}>
              Continue
            </button>
            <button type="button" className="btn secondary" onClick={() => (setStep({ kind: 'idle' }), setError(null))}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {step.kind === 'scan' && (
        <AuthenticatorSetup setup={step.setup} onConfirm={(code) => confirm.mutate({ code })} pending={confirm.isPending} error={error} />
      )}
      {step.kind === 'codes' && (
        <RecoveryCodes codes={step.codes} onDone={() => (toast('Authenticator app saved'), setStep({ kind: 'idle' }))} doneLabel="Done" level={3} />
      )}
    </section>
  );
}
