import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../lib/format-date-time';
import { signInApi } from '../../lib/sign-in-api';
import { failureText } from '../../lib/failure-text';
import { ErrorAlert } from '../error-alert';
import { useToast } from '../toasts';
import { describeBrowser } from './describe-browser';

const METHODS: Record<string, string> = {
  password: 'Password',
  password_totp: 'Password and authenticator app',
  recovery_code: 'Password and a recovery code',
  otp: 'Code sent by SMS',
  sign_up: 'Signed up',
};

/** Where the account is signed in: this device marked, sign out one, or all the others. */
export function SessionsList() {
  const client = useQueryClient();
  const toast = useToast();
  const sessions = useQuery({ queryKey: ['sessions'], queryFn: signInApi.sessions });
  const refresh = () => client.invalidateQueries({ queryKey: ['sessions'] });
  const endOne = useMutation({
    mutationFn: signInApi.endSession,
    onSuccess: () => (toast('Signed out that session'), refresh()),
    onError: () => toast('Could not sign that session out', 'error'),
  });
  const endOthers = useMutation({
    mutationFn: signInApi.endOtherSessions,
    onSuccess: (answer) => (toast(answer.revoked === 1 ? 'Signed out 1 other session' : `Signed out ${answer.revoked} other sessions`), refresh()),
    onError: () => toast('Could not sign the other sessions out', 'error'),
  });
  if (sessions.isError) return <ErrorAlert>{failureText(sessions.error, 'Could not load your sessions')}</ErrorAlert>;
  if (!sessions.data) return <p aria-busy="true">Loading…</p>;
  const list = sessions.data.sessions;
  const others = list.filter((s) => !s.current).length;
  return (
    <>
      <ul className="session-list">
        {list.map((session) => (
          <li key={session.id}>
            <dl>
              <dt>Device</dt>
              <dd>
                {describeBrowser(session.userAgent)} {session.current && <span className="badge">This device</span>}
              </dd>
              <dt>Address</dt>
              <dd>{session.ip ?? 'Unknown'}</dd>
              <dt>Signed in</dt>
              <dd>
                {formatDateTime(session.startedAt)} ({METHODS[session.method] ?? session.method})
              </dd>
              <dt>Last seen</dt>
              <dd>{formatDateTime(session.lastSeenAt)}</dd>
            </dl>
            {!session.current && (
              <button
                type="button"
                className="btn secondary small"
                disabled={endOne.isPending}
                onClick={() => endOne.mutate(session.id)}
                aria-label={`Sign out ${describeBrowser(session.userAgent)} from ${session.ip ?? 'an unknown address'}`}
              >
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
      <button type="button" className="btn secondary" disabled={others === 0 || endOthers.isPending} onClick={() => endOthers.mutate()}>
        Sign out everywhere else
      </button>
    </>
  );
}
