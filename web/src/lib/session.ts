import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api, unwrap } from './api';
import { authToken } from './auth-token';

export type CurrentUser = Awaited<ReturnType<typeof loadMe>>;

function loadMe() {
  return unwrap(api.auth.me.$get());
}

/** The signed-in user; disabled without a token (the layouts redirect to /login then). */
export function useMe() {
  return useQuery({ queryKey: ['me'], queryFn: loadMe, enabled: authToken.get() !== null, staleTime: 60_000 });
}

export const isAdmin = (user: { roles: string[] } | undefined | null) => !!user?.roles.includes('admin');

/** Compliance staff read orders and the event log (docs/compliance.md) and act on nothing. */
export const isCompliance = (user: { roles: string[] } | undefined | null) => !!user?.roles.includes('compliance');

/** Where a user lands after signing in (seed-spec section 2): admins at their desk, compliance staff (not admins) at theirs. */
export const homeFor = (user: { roles: string[] }) => (isAdmin(user) ? '/admin/dashboard' : isCompliance(user) ? '/compliance' : '/dashboard');

export function useSession() {
  const client = useQueryClient();
  const signIn = useCallback(
    (token: string, user?: CurrentUser) => {
      authToken.set(token);
      client.clear();
      if (user) client.setQueryData(['me'], user);
    },
    [client],
  );
  const signOut = useCallback(() => {
    authToken.clear();
    client.clear();
  }, [client]);
  return { signIn, signOut };
}

/**
 * Log out from a menu or header: end the session on the server (decision 0029), then forget it here
 * and show the login page. A server that cannot be reached does not keep anyone signed in here.
 */
export function useLogOut() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    await unwrap(api.auth.logout.$post()).catch(() => undefined);
    signOut();
    navigate('/login', { replace: true });
  }, [signOut, navigate]);
}
