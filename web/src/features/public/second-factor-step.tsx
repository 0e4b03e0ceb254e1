import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { signInApi } from '../../lib/sign-in-api';
import { useToast } from '../../components/toasts';
import { OTP_LENGTH, OtpBoxes } from '../../components/otp-boxes';
import { TextField } from './text-field';
import { failText } from './fail-text';
import { useFinishSignIn } from './use-finish-sign-in';
import { useSay, useT } from '../../i18n/use-t';
import { SubmitButton } from '../../components/submit-button';

/** Staff's second step: the code from their authenticator app, or one of their recovery codes. */
export function SecondFactorStep({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const t = useT();
  const say = useSay();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const finish = useFinishSignIn();
  const verify = useMutation({
    mutationFn: signInApi.loginWithCode,
    onSuccess: (answer) => {
      if ('recoveryCodesLeft' in answer) toast(t('auth.staff.recoveryUsed', { left: String(answer.recoveryCodesLeft) }));
      finish(answer);
    },
    onError: (failure) => setError(say(failText(failure, 'That code is not right'))),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (useRecovery && recoveryCode.trim()) verify.mutate({ challenge, recoveryCode: recoveryCode.trim() });
    else if (!useRecovery && code.length === OTP_LENGTH) verify.mutate({ challenge, code });
  };
  const ready = useRecovery ? recoveryCode.trim() !== '' : code.length === OTP_LENGTH;
  return (
    <form onSubmit={submit} noValidate>
      {useRecovery ? (
        <TextField
          label={t('auth.staff.recovery')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={recoveryCode}
          onChange={(e) => setRecoveryCode(e.target.value)}
        />
      ) : (
        <>
          <p>{t('auth.staff.open')}</p>
          <OtpBoxes value={code} onChange={setCode} autoFocus disabled={verify.isPending} label={t('auth.staff.code')} />
        </>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <SubmitButton busy={verify.isPending} busyLabel={t('auth.staff.checking')} disabled={!ready}>
        {t('auth.otp.verify')}
      </SubmitButton>
      <p className="muted">
        <button type="button" className="btn link" onClick={() => (setUseRecovery(!useRecovery), setError(null))}>
          {useRecovery ? t('auth.staff.useApp') : t('auth.staff.useRecovery')}
        </button>{' '}
        ·{' '}
        <button type="button" className="btn link" onClick={onRestart}>
          {t('auth.staff.restart')}
        </button>
      </p>
    </form>
  );
}
