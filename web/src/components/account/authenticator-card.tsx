import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../lib/format-date-time';
import { failureText } from '../../lib/failure-text';
import { signInApi, type AuthenticatorSetupInfo } from '../../lib/sign-in-api';
import { useToast } from '../toasts';
import { AuthenticatorSetup } from './authenticator-setup';
import { CurrentFactorsForm } from './current-factors-form';
import { RecoveryCodes } from './recovery-codes';

type Step = { kind: 'idle' } | { kind: 'password' } | { kind: 'scan'; setup: AuthenticatorSetupInfo } | { kind: 'codes'; codes: string[] };

/**
 * A staff member's authenticator app: whether one is set up, and setting one up (with the current
 * password) or replacing it (with the password and a code from the current one or a recovery code;
 * every other session is then signed out).
 */
export function AuthenticatorCard() {
  const client = useQueryClient();
  const toast = useToast();
  const status = useQuery({ queryKey: ['authenticator'], queryFn: signInApi.authenticator });
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: signInApi.startAuthenticator,
    onSuccess: (setup) => (setError(null), setStep({ kind: 'scan', setup })),
    onError: (failure) => setError(failureText(failure, 'Could not start')),
  });
  const confirm = useMutation({
    mutationFn: signInApi.confirmAuthenticator,
    onSuccess: (answer) => (setError(null), setStep({ kind: 'codes', codes: answer.recoveryCodes }), client.invalidateQueries({ queryKey: ['authenticator'] })),
    onError: (failure) => setError(failureText(failure, 'That code is not right')),
  });
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
        <>
          {enrolled && <p>Replacing it signs you out everywhere else.</p>}
          <CurrentFactorsForm
            enrolled={enrolled}
            pending={start.isPending}
            error={error}
            onSubmit={(factors) => start.mutate(factors)}
            onCancel={() => (setStep({ kind: 'idle' }), setError(null))}
          />
        </>
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
