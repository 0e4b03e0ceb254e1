import { TextField } from './text-field';
import { useT } from '../../i18n/use-t';

/** The phone field and its Send button with the resend countdown (use-otp-send.ts), as OTP sign-in and a password reset ask for a code. */
export function PhoneSendRow({
  phone,
  onPhone,
  onSend,
  sender,
}: {
  phone: string;
  onPhone: (phone: string) => void;
  onSend: () => void;
  sender: { blocked: boolean; label: string };
}) {
  const t = useT();
  return (
    <div className="send-row">
      <TextField label={t('auth.field.phone')} type="tel" inputMode="tel" autoComplete="tel" required value={phone} onChange={(e) => onPhone(e.target.value)} />
      <button className="btn secondary" type="button" onClick={onSend} disabled={sender.blocked}>
        {sender.label}
      </button>
    </div>
  );
}
