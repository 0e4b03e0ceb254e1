import { useState, type ChangeEvent, type FormEvent } from 'react';
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT } from '@desk/machines/identity/password-rules';
import { TextField } from './text-field';
import { phoneProblem } from './phone-check';

import { useSay, useT } from '../../i18n/use-t';

export interface RegisterDetails {
  username: string;
  phone: string;
  password: string;
}

type Problems = Partial<Record<keyof RegisterDetails, string | null>>;

function problemsOf(details: RegisterDetails): Problems {
  return {
    username: details.username.trim() ? null : 'Username is required',
    phone: phoneProblem(details.phone),
    password: !details.password ? 'Password is required' : details.password.length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT : null,
  };
}

interface Props {
  details: RegisterDetails;
  onChange: (details: RegisterDetails) => void;
  onSubmit: () => void;
  sendLabel: string;
  sendBlocked: boolean;
}

/** Step 1: username, phone, password; each field says what is missing once Send OTP was pressed. */
export function RegisterDetailsStep({ details, onChange, onSubmit, sendLabel, sendBlocked }: Props) {
  const t = useT();
  const say = useSay();
  const [problems, setProblems] = useState<Problems>({});
  const set = (key: keyof RegisterDetails) => (value: string) => {
    onChange({ ...details, [key]: value });
    // A corrected field stops showing its error; other fields keep theirs until the next try.
    if (problems[key]) setProblems({ ...problems, [key]: problemsOf({ ...details, [key]: value })[key] });
  };
  // What ties a field to its detail: its value, its problem in the reader's words, and the change.
  const bound = (key: keyof RegisterDetails) => ({
    value: details[key],
    error: problems[key] && say(problems[key]),
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key)(e.target.value),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(details);
    setProblems(found);
    if (Object.values(found).every((p) => !p)) onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextField label={t('auth.field.username')} autoComplete="username" required {...bound('username')} />
      <TextField label={t('auth.field.phone')} type="tel" inputMode="tel" autoComplete="tel" required {...bound('phone')} />
      <TextField
        label={t('auth.field.password')}
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        hint={t('auth.field.minimum', { count: MIN_PASSWORD_LENGTH })}
        {...bound('password')}
      />
      <button className="btn" type="submit" disabled={sendBlocked}>
        {sendLabel}
      </button>
    </form>
  );
}
