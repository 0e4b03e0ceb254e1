import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isNotFound } from '../../../lib/api';
import { useToast } from '../../../components/toasts';
import { useTenant } from './tenant-queries';

/**
 * One tenant for a detail or edit screen. A tenant that does not exist is shown as not found; any
 * other failure says so and goes back to the list (seed-spec section 8), where the admin can retry.
 */
export function useLoadedTenant(id: string) {
  const tenant = useTenant(id);
  const navigate = useNavigate();
  const toast = useToast();
  const notFound = isNotFound(tenant.error);
  const failed = tenant.isError && !notFound;
  useEffect(() => {
    if (!failed) return;
    toast('Failed to load tenant', 'error');
    navigate('/admin/tenants', { replace: true });
  }, [failed, navigate, toast]);
  return { tenant, notFound };
}
