import { useSay, useT, type TextKey } from '../i18n/use-t';
import '../i18n/account/texts';
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MIN_PASSWORD_LENGTH } from '@desk/machines/identity/password-rules';
import { ErrorAlert } from './error-alert';
import { FormModal } from './form-modal';
import { useToast } from './toasts';
import { ApiError } from '../lib/api';
import { authToken } from '../lib/auth-token';
import { useMe, useSession } from '../lib/session';
import { Field } from './field';
import { accountApi } from '../lib/account-api';
import { changePasswordFailure, passwordProblem, type PasswordDraft, type PasswordProblem } from './password-rules';

const FIELDS: readonly { key: keyof PasswordDraft; label: TextKey; autoComplete: string }[] = [
  { key: 'currentPassword', label: 'account.password.current', autoComplete: 'current-password' },
  { key: 'newPassword', label: 'account.password.new', autoComplete: 'new-password' },
  { key: 'confirmPassword', label: 'account.password.confirm', autoComplete: 'new-password' },
];

export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const say = useSay();
  const toast = useToast();
  const { data: me } = useMe();
  const { signIn } = useSession();
  const [draft, setDraft] = useState<PasswordDraft>({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [problem, setProblem] = useState<PasswordProblem>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () => accountApi.changePassword({ currentPassword: draft.currentPassword, newPassword: draft.newPassword }),
    onSuccess: (answer) => {
      // The server retires every older token; keep this session on the new one.
      signIn(answer.token, me);
      toast(say('Password changed successfully'));
      onClose();
    },
    onError: (error) =>
      setFailure(say(error instanceof ApiError ? changePasswordFailure(error.status, error.body) : error.message || 'Failed to change password')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = passwordProblem(draft);
    setProblem(found);
    if (found) return;
    if (!authToken.get()) {
      setFailure(say('No authentication token found. Please login again.'));
      return;
    }
    change.mutate();
  };

  return (
    <FormModal
      title={t('account.password.title')}
      formId="change-password-form"
      saveLabel={t('account.password.title')}
      saving={change.isPending}
      savingLabel={t('account.password.changing')}
      cancelLabel={t('account.password.cancel')}
      closeLabel={t('account.password.close')}
      size="small"
      onClose={onClose}
      onSubmit={submit}
    >
      {FIELDS.map((f) => (
        <Field
          key={f.key}
          label={t(f.label)}
          error={problem?.field === f.key ? say(problem.message) : null}
          hint={f.key === 'newPassword' ? t('account.password.minimum', { count: MIN_PASSWORD_LENGTH }) : undefined}
        >
          <input type="password" autoComplete={f.autoComplete} value={draft[f.key]} onChange={(e) => setDraft((d) => ({ ...d, [f.key]: e.target.value }))} />
        </Field>
      ))}
      <ErrorAlert>{failure}</ErrorAlert>
    </FormModal>
  );
}
