import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { normalizePhone } from '@desk/machines/identity/phone';
import { api, ApiError, unwrap } from '../../lib/api';
import { useToast } from '../../components/toasts';
import { TextField } from './text-field';
import { failText } from './fail-text';
import { phoneProblem } from './phone-check';
import { useFinishSignIn } from './use-finish-sign-in';
import { useSay, useT } from '../../i18n/use-t';
import { SubmitButton } from '../../components/submit-button';

/** What the password step asks for next, for staff (decision 0029): the authenticator's code, or setting one up. */
export interface SecondFactorAsked {
  secondFactor: 'totp' | 'enrol';
  challenge: string;
}

/** Phone and password; the button waits for both (seed-spec section 5). Staff go on to their second step. */
export function PasswordLogin({
  phone,
  onPhone,
  onSecondFactor,
}: {
  phone: string;
  onPhone: (phone: string) => void;
  onSecondFactor: (asked: SecondFactorAsked) => void;
}) {
  const t = useT();
  const say = useSay();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [mustReset, setMustReset] = useState(false);
  const toast = useToast();
  const finish = useFinishSignIn();
  const login = useMutation({
    mutationFn: (json: { phone: string; password: string }) => unwrap(api.auth.login.$post({ json })),
    onSuccess: (answer) => ('secondFactor' in answer ? onSecondFactor(answer) : finish(answer)),
    onError: (failure) => {
      // The server's text covers a lockout too ('... try again in N minute(s)'), and a password an admin chose.
      const text = say(failText(failure, 'Invalid credentials'));
      setMustReset(failure instanceof ApiError && failure.body.code === 'password_reset_required');
      setError(text);
      toast(text, 'error');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = phoneProblem(phone);
    setError(problem && say(problem));
    if (!problem) login.mutate({ phone: normalizePhone(phone), password });
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextField label={t('auth.field.phone')} type="tel" inputMode="tel" autoComplete="tel" required value={phone} onChange={(e) => onPhone(e.target.value)} />
      <TextField
        label={t('auth.field.password')}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {mustReset && (
        <p>
          <Link to="/forgot-password">{t('auth.password.setOwn')}</Link>
        </p>
      )}
      <SubmitButton busy={login.isPending} busyLabel={t('auth.password.signingIn')} disabled={!phone.trim() || !password}>
        {t('auth.password.login')}
      </SubmitButton>
      <p className="muted">
        <Link to="/forgot-password">{t('auth.password.forgot')}</Link>
      </p>
    </form>
  );
}
