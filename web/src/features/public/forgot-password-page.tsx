import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { normalizePhone } from '@desk/machines/identity/phone';
import { MIN_PASSWORD_LENGTH } from '@desk/machines/identity/password-rules';
import { signInApi } from '../../lib/sign-in-api';
import { useToast } from '../../components/toasts';
import { OTP_LENGTH, OtpBoxes } from '../../components/otp-boxes';
import { AuthElsewhere, AuthLayout } from './auth-layout';
import { TextField } from './text-field';
import { failText } from './fail-text';
import { phoneProblem } from './phone-check';
import { useOtpSend } from './use-otp-send';
import { PhoneSendRow } from './phone-send-row';

import { useSay, useT } from '../../i18n/use-t';
import { SubmitButton } from '../../components/submit-button';

/**
 * `/forgot-password`: a code sent to the phone sets a new password (decision 0029). Every session of
 * the account ends; the person then signs in with the new password (staff with their authenticator too).
 */
export function ForgotPasswordPage() {
  const t = useT();
  const say = useSay();
  const [phone, setPhone] = useState('');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const navigate = useNavigate();
  const sender = useOtpSend({ call: (to) => signInApi.sendResetCode({ phone: to }), fallback: 'Could not send a code', onFail: setError });
  const reset = useMutation({
    mutationFn: signInApi.resetPassword,
    onSuccess: (answer) => {
      toast(answer.message);
      navigate('/login', { replace: true });
    },
    onError: (failure) => setError(say(failText(failure, 'Could not set the password'))),
  });

  const send = () => {
    const problem = phoneProblem(phone);
    setError(problem && say(problem));
    if (!problem) sender.send(normalizePhone(phone), { onSuccess: () => setOtp('') });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem =
      phoneProblem(phone) ??
      (password.length < MIN_PASSWORD_LENGTH ? `Password must be at least ${MIN_PASSWORD_LENGTH} characters long` : null) ??
      (password !== confirm ? 'The passwords do not match' : null);
    setError(problem && say(problem));
    if (!problem && otp.length === OTP_LENGTH) reset.mutate({ phone: normalizePhone(phone), otp, newPassword: password });
  };

  return (
    <AuthLayout title={t('auth.forgot.title')} below={<AuthElsewhere text={t('auth.forgot.remembered')} to="/login" link={t('auth.forgot.login')} />}>
      <form onSubmit={submit} noValidate>
        <p>{t('auth.forgot.lead')}</p>
        <PhoneSendRow phone={phone} onPhone={setPhone} onSend={send} sender={sender} />
        <OtpBoxes key={sender.sends} value={otp} onChange={setOtp} autoFocus={sender.sends > 0} disabled={reset.isPending} label={t('auth.field.code')} />
        <TextField
          label={t('auth.forgot.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.field.minimum', { count: MIN_PASSWORD_LENGTH })}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField label={t('auth.forgot.confirm')} type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <SubmitButton busy={reset.isPending} busyLabel={t('auth.forgot.saving')} disabled={otp.length !== OTP_LENGTH || !password || !confirm}>
          {t('auth.forgot.set')}
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
