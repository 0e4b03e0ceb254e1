import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { signInApi } from '../../lib/sign-in-api';
import { AuthenticatorSetup } from '../../components/account/authenticator-setup';
import { RecoveryCodes } from '../../components/account/recovery-codes';
import '../../components/account/account.css';
import { failText } from './fail-text';
import { useFinishSignIn } from './use-finish-sign-in';
import { useSay, useT } from '../../i18n/use-t';

/**
 * A staff member without an authenticator, when one is required: set one up (QR code or key, then a
 * code), see the recovery codes once, and only then go on, signed in.
 */
export function EnrolStep({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const t = useT();
  const say = useSay();
  const [error, setError] = useState<string | null>(null);
  const finish = useFinishSignIn();
  const start = useMutation({ mutationFn: signInApi.startEnrolment, onError: (failure) => setError(say(failText(failure, 'Could not start'))) });
  const confirm = useMutation({ mutationFn: signInApi.confirmEnrolment, onError: (failure) => setError(say(failText(failure, 'That code is not right'))) });
  const { mutate } = start;
  useEffect(() => mutate({ challenge }), [mutate, challenge]);

  if (confirm.data) {
    const signedIn = confirm.data;
    return <RecoveryCodes codes={signedIn.recoveryCodes} onDone={() => finish(signedIn)} />;
  }
  return (
    <>
      <p>{t('auth.staff.enrolLead')}</p>
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
        <p aria-busy="true">{t('auth.staff.loading')}</p>
      )}
      <p className="muted">
        <button type="button" className="btn link" onClick={onRestart}>
          {t('auth.staff.restart')}
        </button>
      </p>
    </>
  );
}
