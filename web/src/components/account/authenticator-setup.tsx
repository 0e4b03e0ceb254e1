import { useState, type FormEvent } from 'react';
import { CopyButton } from '../copy-button';
import { ErrorAlert } from '../error-alert';
import { OTP_LENGTH, OtpBoxes } from '../otp-boxes';
import { SubmitButton } from '../submit-button';

interface AuthenticatorSetupProps {
  setup: { secret: string; qrDataUrl: string };
  onConfirm: (code: string) => void;
  pending: boolean;
  error: string | null;
}

/** Adding the account to an authenticator app: scan the QR code (or type the key), then prove it with a code. */
export function AuthenticatorSetup({ setup, onConfirm, pending, error }: AuthenticatorSetupProps) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length === OTP_LENGTH) onConfirm(code);
  };
  const grouped = setup.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <form className="authenticator-setup" onSubmit={submit} noValidate>
      <ol className="steps">
        <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password or another).</li>
        <li>
          Scan this QR code with it.
          <img className="qr" src={setup.qrDataUrl} alt="QR code to scan with your authenticator app" width={200} height={200} />
        </li>
        <li>
          Or type this key into the app instead:
          <span className="secret-row">
            <code className="secret" aria-label="Key for manual entry">
              {grouped}
            </code>
            <CopyButton text={setup.secret} what="key" done="Key copied" />
          </span>
        </li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <OtpBoxes value={code} onChange={setCode} disabled={pending} label="Code from your authenticator app" />
      <ErrorAlert>{error}</ErrorAlert>
      <SubmitButton busy={pending} busyLabel="Checking…" disabled={code.length !== OTP_LENGTH}>
        Confirm
      </SubmitButton>
    </form>
  );
}
