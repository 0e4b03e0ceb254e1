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

const FIELDS: readonly { key: keyof PasswordDraft; label: string; autoComplete: string }[] = [
  { key: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { key: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { key: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
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
      toast('Password changed successfully');
      onClose();
    },
    onError: (error) => setFailure(error instanceof ApiError ? changePasswordFailure(error.status, error.body) : error.message || 'Failed to change password'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = passwordProblem(draft);
    setProblem(found);
    if (found) return;
    if (!authToken.get()) {
      setFailure('No authentication token found. Please login again.');
      return;
    }
    change.mutate();
  };

  return (
    <FormModal
      title="Change Password"
      formId="change-password-form"
      saveLabel="Change Password"
      saving={change.isPending}
      savingLabel="Changing..."
      size="small"
      onClose={onClose}
      onSubmit={submit}
    >
      {FIELDS.map((f) => (
        <Field
          key={f.key}
          label={f.label}
          error={problem?.field === f.key ? problem.message : null}
          hint={f.key === 'newPassword' ? `Minimum ${MIN_PASSWORD_LENGTH} characters` : undefined}
        >
          <input type="password" autoComplete={f.autoComplete} value={draft[f.key]} onChange={(e) => setDraft((d) => ({ ...d, [f.key]: e.target.value }))} />
        </Field>
      ))}
      <ErrorAlert>{failure}</ErrorAlert>
    </FormModal>
  );
}
