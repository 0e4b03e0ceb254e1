import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { signInApi } from '../../lib/sign-in-api';
import { AuthenticatorSetup } from '../../components/account/authenticator-setup';
import { RecoveryCodes } from '../../components/account/recovery-codes';
import '../../components/account/account.css';
import { failText } from './fail-text';
import { useFinishSignIn } from './use-finish-sign-in';

/**
 * A staff member without an authenticator, when one is required: set one up (QR code or key, then a
 * code), see the recovery codes once, and only then go on, signed in.
 */
export function EnrolStep({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const finish = useFinishSignIn();
  const start = useMutation({ mutationFn: signInApi.startEnrolment, onError: (failure) => setError(failText(failure, 'Could not start')) });
  const confirm = useMutation({ mutationFn: signInApi.confirmEnrolment, onError: (failure) => setError(failText(failure, 'That code is not right')) });
  const { mutate } = start;
  useEffect(() => mutate({ challenge }), [mutate, challenge]);

  if (confirm.data) {
    const signedIn = confirm.data;
    return <RecoveryCodes codes={signedIn.recoveryCodes} onDone={() => finish(signedIn)} />;
  }
  return (
    <>
      <p>Staff sign in with a code from an authenticator app as well as their password. Set one up now: it takes a minute.</p>
      {start.data ? (
        <AuthenticatorSetup
          setup={start.data}
          onConfirm={(code) => (setError(null), confirm.mutate({ challenge, code }))}
          pending={confirm.isPending}
          error={error}
        />
      ) : error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : (
        <p aria-busy="true">Loading…</p>
      )}
      <p className="muted">
        <button type="button" className="btn link" onClick={onRestart}>
          Start again
        </button>
      </p>
    </>
  );
}
