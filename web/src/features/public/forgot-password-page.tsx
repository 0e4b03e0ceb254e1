import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { normalizePhone } from '@desk/machines/identity/phone';
import { MIN_PASSWORD_LENGTH } from '@desk/machines/identity/password-rules';
import { signInApi } from '../../lib/sign-in-api';
import { useToast } from '../../components/toasts';
import { OTP_LENGTH, OtpBoxes } from '../../components/otp-boxes';
import { AuthLayout } from './auth-layout';
import { TextField } from './text-field';
import { failText } from './fail-text';
import { phoneProblem } from './phone-check';
import { useOtpSend } from './use-otp-send';

/**
 * `/forgot-password`: a code sent to the phone sets a new password (decision 0029). Every session of
 * the account ends; the person then signs in with the new password (staff with their authenticator too).
 */
export function ForgotPasswordPage() {
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
    onError: (failure) => setError(failText(failure, 'Could not set the password')),
  });

  const send = () => {
    const problem = phoneProblem(phone);
    setError(problem);
    if (!problem) sender.send(normalizePhone(phone), { onSuccess: () => setOtp('') });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem =
      phoneProblem(phone) ??
      (password.length < MIN_PASSWORD_LENGTH ? `Password must be at least ${MIN_PASSWORD_LENGTH} characters long` : null) ??
      (password !== confirm ? 'The passwords do not match' : null);
    setError(problem);
    if (!problem && otp.length === OTP_LENGTH) reset.mutate({ phone: normalizePhone(phone), otp, newPassword: password });
  };

  return (
    <AuthLayout
      title="Set a new password"
      below={
        <>
          Remembered it? <Link to="/login">Login</Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <p>We will send a code to your phone. Setting a new password signs you out everywhere.</p>
        <div className="send-row">
          <TextField label="Phone number" type="tel" inputMode="tel" autoComplete="tel" required value={phone} onChange={(e) => setPhone(e.target.value)} />
          <button className="btn secondary" type="button" onClick={send} disabled={sender.blocked}>
            {sender.label}
          </button>
        </div>
        <OtpBoxes key={sender.sends} value={otp} onChange={setOtp} autoFocus={sender.sends > 0} disabled={reset.isPending} label="Enter the 6-digit code" />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`Minimum ${MIN_PASSWORD_LENGTH} characters`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button className="btn" type="submit" disabled={otp.length !== OTP_LENGTH || !password || !confirm || reset.isPending}>
          {reset.isPending ? 'Saving…' : 'Set password'}
        </button>
      </form>
    </AuthLayout>
  );
}
