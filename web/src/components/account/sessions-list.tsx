import { useT, type TextKey } from '../../i18n/use-t';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../lib/format-date-time';
import { signInApi } from '../../lib/sign-in-api';
import { failureText } from '../../lib/failure-text';
import { ErrorAlert } from '../error-alert';
import { useToast } from '../toasts';
import { describeBrowser } from './describe-browser';

const METHODS: Record<string, TextKey> = {
  password: 'account.sessions.password',
  password_totp: 'account.sessions.passwordTotp',
  recovery_code: 'account.sessions.recoveryCode',
  otp: 'account.sessions.otp',
  sign_up: 'account.sessions.signUp',
};

/** Where the account is signed in: this device marked, sign out one, or all the others. */
export function SessionsList() {
  const t = useT();
  const client = useQueryClient();
  const toast = useToast();
  const sessions = useQuery({ queryKey: ['sessions'], queryFn: signInApi.sessions });
  const refresh = () => client.invalidateQueries({ queryKey: ['sessions'] });
  const endOne = useMutation({
    mutationFn: signInApi.endSession,
    onSuccess: () => (toast(t('account.sessions.endedOne')), refresh()),
    onError: () => toast(t('account.sessions.endOneFailed'), 'error'),
  });
  const endOthers = useMutation({
    mutationFn: signInApi.endOtherSessions,
    onSuccess: (answer) => (
      toast(answer.revoked === 1 ? t('account.sessions.endedOneOther') : t('account.sessions.endedOthers', { count: answer.revoked })),
      refresh()
    ),
    onError: () => toast(t('account.sessions.endOthersFailed'), 'error'),
  });
  if (sessions.isError) return <ErrorAlert>{failureText(sessions.error, t('account.sessions.loadFailed'))}</ErrorAlert>;
  if (!sessions.data) return <p aria-busy="true">{t('account.sessions.loading')}</p>;
  const list = sessions.data.sessions;
  const others = list.filter((s) => !s.current).length;
  return (
    <>
      <ul className="session-list">
        {list.map((session) => (
          <li key={session.id}>
            <dl>
              <dt>{t('account.sessions.device')}</dt>
              <dd>
                {describeBrowser(session.userAgent)} {session.current && <span className="badge">{t('account.sessions.thisDevice')}</span>}
              </dd>
              <dt>{t('account.sessions.address')}</dt>
              <dd>{session.ip ?? t('account.sessions.unknown')}</dd>
              <dt>{t('account.sessions.signedIn')}</dt>
              <dd>
                {formatDateTime(session.startedAt)} ({session.method in METHODS ? t(METHODS[session.method]!) : session.method})
              </dd>
              <dt>{t('account.sessions.lastSeen')}</dt>
              <dd>{formatDateTime(session.lastSeenAt)}</dd>
            </dl>
            {!session.current && (
              <button
                type="button"
                className="btn secondary small"
                disabled={endOne.isPending}
                onClick={() => endOne.mutate(session.id)}
                aria-label={t('account.sessions.signOutOf', {
                  device: describeBrowser(session.userAgent),
                  address: session.ip ?? t('account.sessions.unknownAddress'),
                })}
              >
                {t('account.sessions.signOut')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <button type="button" className="btn secondary" disabled={others === 0 || endOthers.isPending} onClick={() => endOthers.mutate()}>
        {t('account.sessions.signOutElsewhere')}
      </button>
    </>
  );
}
