import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormModal } from '../../../components/form-modal';
import { useToast } from '../../../components/toasts';
import { Field } from '../../customer/ui/field';
import { createUserErrorText, newUserProblem } from './create-user-error';
import { usersApi, usersKey } from './users-api';

const FORM_ID = 'admin-add-user';

/** Creates a regular user (no roles; role editing is not offered) for the admin's tenant. */
export function AddUserModal({ onClose }: { onClose: () => void }) {
  const [username, setUsername] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const client = useQueryClient();
  const toast = useToast();
  const create = useMutation({
    mutationFn: usersApi.create,
    onSuccess: async (answer) => {
      toast(answer.message || 'User created successfully');
      await client.invalidateQueries({ queryKey: usersKey });
      onClose();
    },
    onError: (error) => setProblem(createUserErrorText(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = newUserProblem(phone, password);
    setProblem(found);
    if (found) return;
    const name = username.trim();
    create.mutate({ ...(name ? { username: name } : {}), phone: phone.trim(), password });
  };

  return (
    <FormModal title="Add User" formId={FORM_ID} saveLabel="Create User" saving={create.isPending} savingLabel="Creating..." onClose={onClose} onSubmit={submit}>
      <Field label="Username (optional)">
        <input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" maxLength={100} />
      </Field>
      <Field label="Phone">
        <input type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} autoComplete="off" placeholder="+919800000000" />
      </Field>
      <Field label="Password" hint="Minimum 6 characters">
        <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" />
      </Field>
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
    </FormModal>
  );
}
