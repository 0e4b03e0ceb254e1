import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toasts';
import { failureText } from '../../../lib/failure-text';
import { userName, usersApi, usersKey, type AdminUser } from './users-api';

interface UserRoleControlProps {
  user: AdminUser;
  /** The operator's own brand: its admins run every brand, any other brand's admins only theirs. */
  operatorTenantId: string | null;
}

/**
 * Grants or removes the admin role (operator admins only), after saying what it will mean. The
 * server refuses what it must (an admin removing their own role) and its text is shown as it is.
 */
export function UserRoleControl({ user, operatorTenantId }: UserRoleControlProps) {
  const [confirming, setConfirming] = useState(false);
  const client = useQueryClient();
  const toast = useToast();
  const isAdmin = user.roles.includes('admin');
  const name = userName(user);
  const change = useMutation({
    mutationFn: () => usersApi.setRoles(user._id, isAdmin ? [] : ['admin']),
    onSuccess: async (answer) => {
      toast(answer.message || 'Roles updated');
      setConfirming(false);
      await client.invalidateQueries({ queryKey: usersKey });
    },
    onError: (error) => {
      toast(failureText(error, 'Failed to update roles'), 'error');
      setConfirming(false);
    },
  });
  const action = isAdmin ? 'Remove Admin Role' : 'Make Admin';
  const reach = user.tenantId === operatorTenantId ? 'every brand (an operator admin)' : `the brand ${user.brand.name} only (a brand admin)`;

  return (
    <>
      <button type="button" className={isAdmin ? 'btn danger small' : 'btn secondary small'} onClick={() => setConfirming(true)}>
        {action}
      </button>
      {confirming && (
        <ConfirmDialog title={action} confirmLabel={action} busy={change.isPending} onConfirm={() => change.mutate()} onCancel={() => setConfirming(false)}>
          <p>{isAdmin ? `${name} will no longer be an admin of ${user.brand.name}.` : `${name} will be an admin of ${reach}.`}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
