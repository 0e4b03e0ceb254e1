import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { AuthElsewhere, AuthLayout } from './auth-layout';
import { PasswordLogin, type SecondFactorAsked } from './password-login';
import { OtpLogin } from './otp-login';
import { SecondFactorStep } from './second-factor-step';
import { EnrolStep } from './enrol-step';
import { useT, type TextKey } from '../../i18n/use-t';

const TABS = [
  { id: 'password', label: 'auth.login.password' },
  { id: 'otp', label: 'auth.login.otp' },
] as const satisfies readonly { id: string; label: TextKey }[];
type Tab = (typeof TABS)[number]['id'];

/**
 * `/login`: sign in by password or by a one-time code. The tabs follow the WAI-ARIA pattern: the
 * selected tab is in the Tab order and arrow keys move between tabs. The phone is kept across tabs.
 * Staff go on from their password to their authenticator's code, or to setting one up (decision 0029).
 */
export function LoginPage() {
  const t = useT();
  const [tab, setTab] = useState<Tab>('password');
  const [phone, setPhone] = useState('');
  const [asked, setAsked] = useState<SecondFactorAsked | null>(null);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  if (asked) {
    const restart = () => setAsked(null);
    return (
      <AuthLayout title={asked.secondFactor === 'totp' ? t('auth.login.codeTitle') : t('auth.login.enrolTitle')} below={<Link to="/">{t('auth.back')}</Link>}>
        {asked.secondFactor === 'totp' ? (
          <SecondFactorStep challenge={asked.challenge} onRestart={restart} />
        ) : (
          <EnrolStep challenge={asked.challenge} onRestart={restart} />
        )}
      </AuthLayout>
    );
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, Home: -TABS.length, End: TABS.length };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const index = Math.max(0, Math.min(TABS.length - 1, TABS.findIndex((each) => each.id === tab) + move));
    setTab(TABS[index]!.id);
    tabs.current[index]?.focus();
  };

  return (
    <AuthLayout title={t('auth.login.title')} below={<AuthElsewhere text={t('auth.login.noAccount')} to="/register" link={t('auth.login.register')} />}>
      <div role="tablist" aria-label={t('auth.login.methods')} className="tabs" onKeyDown={onKeyDown}>
        {TABS.map((each, index) => (
          <button
            key={each.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`login-tab-${each.id}`}
            aria-selected={tab === each.id}
            aria-controls={`login-panel-${each.id}`}
            tabIndex={tab === each.id ? 0 : -1}
            onClick={() => setTab(each.id)}
          >
            {t(each.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`login-panel-${tab}`} aria-labelledby={`login-tab-${tab}`}>
        {tab === 'password' ? <PasswordLogin phone={phone} onPhone={setPhone} onSecondFactor={setAsked} /> : <OtpLogin phone={phone} onPhone={setPhone} />}
      </div>
    </AuthLayout>
  );
}
