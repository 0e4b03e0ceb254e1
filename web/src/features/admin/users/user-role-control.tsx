import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toasts';
import { failureText } from '../../../lib/failure-text';
import { waitsForSecondAdmin, type DeskChange } from '../changes/changes-api';
import { WaitingNotice } from '../changes/waiting-notice';
import { userName, usersApi, usersKey, type AdminUser } from './users-api';

export type GrantableRole = 'admin' | 'compliance';

interface UserRoleControlProps {
  user: AdminUser;
  role: GrantableRole;
  /** The operator's own brand: its admins and officers cover every brand, any other brand's only theirs. */
  operatorTenantId: string | null;
}

const LABELS: Record<GrantableRole, { grant: string; remove: string; noun: string; everyBrand: string; oneBrand: (brand: string) => string }> = {
  admin: {
    grant: 'Make Admin',
    remove: 'Remove Admin Role',
    noun: 'an admin',
    everyBrand: 'every brand (an operator admin)',
    oneBrand: (brand) => `the brand ${brand} only (a brand admin)`,
  },
  compliance: {
    grant: 'Make Compliance Officer',
    remove: 'Remove Compliance Role',
    noun: 'a compliance officer',
    everyBrand: 'every brand, reading every order and the audit trail and acting on nothing',
    oneBrand: (brand) => `the brand ${brand} only, reading its orders and audit trail and acting on nothing`,
  },
};

const grantable = (role: string): role is GrantableRole => role === 'admin' || role === 'compliance';

/**
 * Grants or removes one role (operator admins only), keeping the user's other roles, after saying
 * what it will mean. The server refuses what it must (an admin removing their own admin role) and
 * its text is shown as it is.
 */
export function UserRoleControl({ user, role, operatorTenantId }: UserRoleControlProps) {
  const [confirming, setConfirming] = useState(false);
  // Granting or removing a staff role waits for a second admin (202): shown beside the button.
  const [waiting, setWaiting] = useState<DeskChange | null>(null);
  const client = useQueryClient();
  const toast = useToast();
  const holds = user.roles.includes(role);
  const name = userName(user);
  const labels = LABELS[role];
  const change = useMutation({
    mutationFn: () => {
      const others = user.roles.filter(grantable).filter((r) => r !== role);
      return usersApi.setRoles(user._id, holds ? others : [...others, role]);
    },
    onSuccess: async (answer) => {
      setConfirming(false);
      if (waitsForSecondAdmin(answer)) return setWaiting(answer.change);
      toast(answer.message || 'Roles updated');
      await client.invalidateQueries({ queryKey: usersKey });
    },
    onError: (error) => {
      toast(failureText(error, 'Failed to update roles'), 'error');
      setConfirming(false);
    },
  });
  const action = holds ? labels.remove : labels.grant;
  const reach = user.tenantId === operatorTenantId ? labels.everyBrand : labels.oneBrand(user.brand.name);

  return (
    <>
      {waiting ? (
        <WaitingNotice change={waiting} />
      ) : (
        <button type="button" className={holds ? 'btn danger small' : 'btn secondary small'} onClick={() => setConfirming(true)}>
          {action}
        </button>
      )}
      {confirming && (
        <ConfirmDialog title={action} confirmLabel={action} busy={change.isPending} onConfirm={() => change.mutate()} onCancel={() => setConfirming(false)}>
          <p>{holds ? `${name} will no longer be ${labels.noun} of ${user.brand.name}.` : `${name} will be ${labels.noun} of ${reach}.`}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
