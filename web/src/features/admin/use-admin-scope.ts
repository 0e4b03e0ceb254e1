import { useMe } from '../../lib/session';

/**
 * What the signed-in admin runs: an operator admin (the operator's own tenant) every brand, a brand
 * admin only theirs. The admin layout renders nothing before the user has loaded, so its screens
 * read the answer at once; anything short of `all_brands` gets the brand view, which shows no more
 * than the server would allow.
 */
export function useAdminScope() {
  const me = useMe().data;
  return { operator: me?.adminScope === 'all_brands', tenantId: me?.tenantId ?? null };
}
