import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { normalizePhone } from '@desk/machines/identity/phone';
import { api, unwrap } from '../../lib/api';
import { useToast } from '../../components/toasts';
import { OTP_LENGTH, OtpBoxes } from '../../components/otp-boxes';
import { failText } from './fail-text';
import { phoneProblem } from './phone-check';
import { useFinishSignIn } from './use-finish-sign-in';
import { useOtpSend } from './use-otp-send';
import { PhoneSendRow } from './phone-send-row';
import { useSay, useT } from '../../i18n/use-t';
import { SubmitButton } from '../../components/submit-button';

/** Phone, Send with the resend countdown, the six boxes, and Verify once all six are in. */
export function OtpLogin({ phone, onPhone }: { phone: string; onPhone: (phone: string) => void }) {
  const t = useT();
  const say = useSay();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const finish = useFinishSignIn();
  const sender = useOtpSend({
    call: (to) => unwrap(api.auth.otp.send.$post({ json: { phone: to } })),
    fallback: 'otp_send_failed',
    onFail: setError,
  });
  const verify = useMutation({
    mutationFn: (json: { phone: string; otp: string }) => unwrap(api.auth.otp.verify.$post({ json })),
    onSuccess: (answer) => finish(answer),
    onError: (failure) => {
      const text = say(failText(failure, 'invalid_otp'));
      setError(text);
      toast(text, 'error');
    },
  });

  /** The phone to send, or null after showing what is wrong with it. */
  const checkedPhone = () => {
    const problem = phoneProblem(phone);
    setError(problem && say(problem));
    return problem ? null : normalizePhone(phone);
  };

  const send = () => {
    const plain = checkedPhone();
    if (plain) sender.send(plain, { onSuccess: () => setOtp('') });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const plain = checkedPhone();
    if (plain && otp.length === OTP_LENGTH) verify.mutate({ phone: plain, otp });
  };

  return (
    <form onSubmit={submit} noValidate>
      <PhoneSendRow phone={phone} onPhone={onPhone} onSend={send} sender={sender} />
      {/* A fresh set of boxes after each send, focused so the code can be typed straight away. */}
      <OtpBoxes key={sender.sends} value={otp} onChange={setOtp} autoFocus={sender.sends > 0} disabled={verify.isPending} label={t('auth.field.code')} />
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <SubmitButton busy={verify.isPending} busyLabel={t('auth.otp.verifying')} disabled={otp.length !== OTP_LENGTH}>
        {t('auth.otp.verify')}
      </SubmitButton>
    </form>
  );
}
