import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { normalizePhone } from '@desk/machines/identity/phone';
import { api, unwrap } from '../../lib/api';
import { useToast } from '../../components/toasts';
import { TextField } from './text-field';
import { failText } from './fail-text';
import { phoneProblem } from './phone-check';
import { useFinishSignIn } from './use-finish-sign-in';

/** Phone and password; the button waits for both (seed-spec section 5). */
export function PasswordLogin({ phone, onPhone }: { phone: string; onPhone: (phone: string) => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const finish = useFinishSignIn();
  const login = useMutation({
    mutationFn: (json: { phone: string; password: string }) => unwrap(api.auth.login.$post({ json })),
    onSuccess: (answer) => finish(answer),
    onError: (failure) => {
      // The server's text covers a lockout too ('... try again in N minute(s)').
      const text = failText(failure, 'Invalid credentials');
      setError(text);
      toast(text, 'error');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = phoneProblem(phone);
    setError(problem);
    if (!problem) login.mutate({ phone: normalizePhone(phone), password });
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextField label="Phone number" type="tel" inputMode="tel" autoComplete="tel" required value={phone} onChange={(e) => onPhone(e.target.value)} />
      <TextField label="Password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <button className="btn" type="submit" disabled={!phone.trim() || !password || login.isPending}>
        {login.isPending ? 'Signing in…' : 'Login'}
      </button>
    </form>
  );
}
