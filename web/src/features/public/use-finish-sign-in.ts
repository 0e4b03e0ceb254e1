import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { homeFor, useSession, type CurrentUser } from '../../lib/session';

/** Stores the session and leaves the page: to `to`, or the user's home by role (seed-spec section 2). */
export function useFinishSignIn() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  return useCallback(
    (answer: { token: string; user: CurrentUser }, to?: string) => {
      signIn(answer.token, answer.user);
      navigate(to ?? homeFor(answer.user), { replace: true });
    },
    [signIn, navigate],
  );
}
