import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { tenantApi, type Tenant } from './tenant-api';

export const tenantKeys = {
  all: ['admin', 'tenants'] as const,
  one: (id: string) => ['admin', 'tenants', id] as const,
};

export function useTenants() {
  return useQuery({ queryKey: tenantKeys.all, queryFn: tenantApi.list });
}

export function useTenant(id: string) {
  return useQuery({ queryKey: tenantKeys.one(id), queryFn: () => tenantApi.get(id) });
}

/**
 * After any tenant change: keep the answer as the tenant's copy and refresh the list (every copy
 * when none came back, as after a delete), and the public configuration: the brand every page
 * shows may be the tenant just changed.
 */
export function useTenantSaved() {
  const client = useQueryClient();
  return useCallback(
    async (saved?: Tenant) => {
      if (saved) client.setQueryData(tenantKeys.one(saved._id), saved);
      void client.invalidateQueries({ queryKey: ['config', 'public'] });
      await client.invalidateQueries({ queryKey: tenantKeys.all, exact: saved !== undefined });
    },
    [client],
  );
}
