import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormModal } from '../../../components/form-modal';
import { Modal } from '../../../components/modal';
import { waitsForSecondAdmin, type DeskChange } from '../changes/changes-api';
import { WaitingNotice } from '../changes/waiting-notice';
import { useToast } from '../../../components/toasts';
import { Field } from '../../../components/field';
import { ErrorAlert } from '../../../components/error-alert';
import { BrandSelect } from '../tenants/brand-select';
import { createUserErrorText, newUserProblem } from './create-user-error';
import { usersApi, usersKey, type NewUser } from './users-api';
import type { GrantableRole } from './user-role-control';

const FORM_ID = 'admin-add-user';

interface AddUserModalProps {
  /** Operator admins choose the role and the brand; a brand admin creates regular users of their brand. */
  operator: boolean;
  /** The brand preselected for an operator admin. */
  defaultTenantId: string;
  onClose: () => void;
}

export function AddUserModal({ operator, defaultTenantId, onClose }: AddUserModalProps) {
  const [username, setUsername] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<'user' | GrantableRole>('user');
  const [tenantId, setTenantId] = useState(defaultTenantId);
  const [problem, setProblem] = useState<string | null>(null);
  // A staff account waits for a second admin (202): the dialog then says so instead of "created".
  const [waiting, setWaiting] = useState<DeskChange | null>(null);
  const client = useQueryClient();
  const toast = useToast();
  const create = useMutation({
    mutationFn: usersApi.create,
    onSuccess: async (answer) => {
      if (waitsForSecondAdmin(answer)) return setWaiting(answer.change);
      toast(answer.message || 'User created successfully');
      await client.invalidateQueries({ queryKey: usersKey });
      onClose();
    },
    onError: (error) => setProblem(createUserErrorText(error)),
  });
  if (waiting) {
    return (
      <Modal title="Add User" onClose={onClose} doneLabel="Close">
        <WaitingNotice change={waiting} />
      </Modal>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = newUserProblem(phone, password);
    setProblem(found);
    if (found) return;
    const name = username.trim();
    const user: NewUser = { ...(name ? { username: name } : {}), phone: phone.trim(), password };
    // A brand admin sends neither: the server makes a regular user of their own brand.
    create.mutate(operator ? { ...user, roles: role === 'user' ? [] : [role], ...(tenantId ? { tenantId } : {}) } : user);
  };

  return (
    <FormModal
      title="Add User"
      formId={FORM_ID}
      saveLabel="Create User"
      saving={create.isPending}
      savingLabel="Creating..."
      onClose={onClose}
      onSubmit={submit}
    >
      <Field label="Username (optional)">
        <input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" maxLength={100} />
      </Field>
      <Field label="Phone">
        <input type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} autoComplete="off" placeholder="+919800000000" />
      </Field>
      <Field
        label="Password"
        hint="Minimum 6 characters. Its holder sets their own with a code sent to the phone before they can place orders (or, as staff, sign in)"
      >
        <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" />
      </Field>
      {operator && (
        <>
          <Field label="Role" hint="Admins and compliance officers of the operator's own brand cover every brand; of another brand, that brand only">
            <select value={role} onChange={(e) => setRole(e.target.value === 'admin' || e.target.value === 'compliance' ? e.target.value : 'user')}>
              <option value="user">User</option>
              <option value="admin">Admin</option>
              <option value="compliance">Compliance officer</option>
            </select>
          </Field>
          <Field label="Brand">
            <BrandSelect value={tenantId} onChange={setTenantId} />
          </Field>
        </>
      )}
      <ErrorAlert>{problem}</ErrorAlert>
    </FormModal>
  );
}
