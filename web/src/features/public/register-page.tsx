import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { normalizePhone } from '@desk/machines/identity/phone';
import { api, unwrap } from '../../lib/api';
import { useToast } from '../../components/toasts';
import { OTP_LENGTH, OtpBoxes } from '../../components/otp-boxes';
import { AuthElsewhere, AuthLayout } from './auth-layout';
import { failText } from './fail-text';
import { RegisterDetailsStep, type RegisterDetails } from './register-details';
import { useFinishSignIn } from './use-finish-sign-in';
import { useOtpSend } from './use-otp-send';

import { useSay, useT } from '../../i18n/use-t';
import { SubmitButton } from '../../components/submit-button';

const TAKEN = { 409: 'Phone number already exists' };

/**
 * `/register` (seed-spec sections 2 and 4): details, a code to the phone, then the code is checked,
 * the account created and the user signed in and sent to `/`.
 */
export function RegisterPage() {
  const t = useT();
  const say = useSay();
  const [step, setStep] = useState<'details' | 'otp'>('details');
  const [details, setDetails] = useState<RegisterDetails>({ username: '', phone: '', password: '' });
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A checked code is used up; a retry after a failed registration must not check it again.
  const verifiedPhone = useRef<string | null>(null);
  const toast = useToast();
  const finish = useFinishSignIn();
  const phone = normalizePhone(details.phone);

  const sender = useOtpSend({
    call: (to) => unwrap(api.auth.register.otp.send.$post({ json: { phone: to } })),
    fallback: 'Failed to send OTP',
    byStatus: TAKEN,
    onFail: setError,
  });
  // Back on step 1 while the last code to this phone still counts down, that code is still good.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const codePending = sender.blocked && sentTo === phone;
  const send = () => {
    setError(null);
    if (step === 'details' && codePending) {
      setStep('otp');
      return;
    }
    sender.send(phone, {
      onSuccess: () => {
        setSentTo(phone);
        setOtp('');
        setStep('otp');
      },
    });
  };

  const register = useMutation({
    mutationFn: async () => {
      if (verifiedPhone.current !== phone) {
        await unwrap(api.auth.register.otp.verify.$post({ json: { phone, otp } }));
        verifiedPhone.current = phone;
      }
      return unwrap(api.auth.register.$post({ json: { username: details.username.trim(), phone, password: details.password } }));
    },
    onSuccess: (answer) => finish(answer, '/'),
    onError: (failure) => {
      const text = say(failText(failure, 'Registration failed', TAKEN));
      setError(text);
      toast(text, 'error');
    },
  });

  const verify = (event: FormEvent) => {
    event.preventDefault();
    const short = otp.length !== OTP_LENGTH;
    setError(short ? say('Enter 6-digit OTP') : null);
    if (!short) register.mutate();
  };

  const alert = error && (
    <p role="alert" className="error">
      {error}
    </p>
  );
  return (
    <AuthLayout title={t('auth.register.title')} below={<AuthElsewhere text={t('auth.register.haveAccount')} to="/login" link={t('auth.register.login')} />}>
      {step === 'details' ? (
        <>
          <RegisterDetailsStep
            details={details}
            onChange={setDetails}
            onSubmit={send}
            sendLabel={codePending ? t('auth.register.continue') : sender.blocked ? sender.label : t('auth.otp.send')}
            sendBlocked={sender.blocked && !codePending}
          />
          {alert}
        </>
      ) : (
        <form onSubmit={verify} noValidate>
          <p className="muted">{t('auth.register.sentTo', { phone })}</p>
          <OtpBoxes value={otp} onChange={setOtp} autoFocus disabled={register.isPending} label={t('auth.field.code')} />
          {alert}
          <SubmitButton busy={register.isPending} busyLabel={t('auth.otp.verifying')}>
            {t('auth.otp.verify')}
          </SubmitButton>
          <div className="row" style={{ justifyContent: 'space-between', marginTop: '0.75rem' }}>
            <button
              className="btn link"
              type="button"
              onClick={() => {
                setError(null);
                setStep('details');
              }}
            >
              {t('auth.register.change')}
            </button>
            <button className="btn link" type="button" onClick={send} disabled={sender.blocked}>
              {sender.label}
            </button>
          </div>
        </form>
      )}
    </AuthLayout>
  );
}
