import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../../components/toasts';
import { failureText } from '../../../lib/failure-text';
import { bankAccountInput, cryptoWalletInput, tenantApi, type Tenant, type TenantListsEdit } from './tenant-api';
import type { TenantListName } from './tenant-lists';
import { useTenantSaved } from './tenant-queries';
import { waitsForSecondAdmin, type DeskChange } from '../changes/changes-api';

interface Toggle {
  list: TenantListName;
  index: number;
}

const WHAT = { bankAccounts: 'Bank account', cryptoWallets: 'Crypto wallet' } as const;
const FAILED = { bankAccounts: 'Failed to update bank account status', cryptoWallets: 'Failed to update crypto wallet status' } as const;

/** The whole list as the edit sends it, with one entry's flag flipped (the server replaces lists whole). */
export function toggledLists(tenant: Tenant, { list, index }: Toggle): TenantListsEdit {
  if (list === 'bankAccounts')
    return { bankAccounts: tenant.bankAccounts.map((b, i) => ({ ...bankAccountInput(b), isActive: i === index ? !b.isActive : b.isActive })) };
  return { cryptoWallets: tenant.cryptoWallets.map((w, i) => ({ ...cryptoWalletInput(w), isActive: i === index ? !w.isActive : w.isActive })) };
}

/**
 * Switches a bank account or wallet on or off at once. One save at a time: each sends a whole list
 * built from the tenant as last saved, so a second save started before the first returns would
 * undo it.
 */
export function useActiveToggle(tenant: Tenant) {
  const toast = useToast();
  const saved = useTenantSaved();
  // Switching one on widens where customers pay: it waits for a second admin (202); off applies at once.
  const [waiting, setWaiting] = useState<DeskChange | null>(null);
  const save = useMutation({
    mutationFn: (toggle: Toggle) => tenantApi.updateLists(tenant._id, toggledLists(tenant, toggle)),
    onSuccess: async (answer, { list, index }) => {
      if (waitsForSecondAdmin(answer)) {
        setWaiting(answer.change);
        return toast(`${WHAT[list]}: waiting for a second admin`, 'info');
      }
      setWaiting(null);
      const updated = answer.tenant;
      const active = list === 'bankAccounts' ? updated.bankAccounts[index]?.isActive : updated.cryptoWallets[index]?.isActive;
      toast(`${WHAT[list]} ${active ? 'activated' : 'deactivated'} successfully!`);
      await saved(updated);
    },
    onError: (error, { list }) => toast(failureText(error, FAILED[list]), 'error'),
  });
  const toggle = (list: Toggle['list'], index: number) => {
    if (!save.isPending) save.mutate({ list, index });
  };
  return { toggle, saving: save.isPending, waiting };
}
