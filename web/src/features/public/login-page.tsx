import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { AuthLayout } from './auth-layout';
import { PasswordLogin, type SecondFactorAsked } from './password-login';
import { OtpLogin } from './otp-login';
import { SecondFactorStep } from './second-factor-step';
import { EnrolStep } from './enrol-step';

const TABS = [
  { id: 'password', label: 'Password' },
  { id: 'otp', label: 'OTP' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/**
 * `/login`: sign in by password or by a one-time code. The tabs follow the WAI-ARIA pattern: the
 * selected tab is in the Tab order and arrow keys move between tabs. The phone is kept across tabs.
 * Staff go on from their password to their authenticator's code, or to setting one up (decision 0029).
 */
export function LoginPage() {
  const [tab, setTab] = useState<Tab>('password');
  const [phone, setPhone] = useState('');
  const [asked, setAsked] = useState<SecondFactorAsked | null>(null);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  if (asked) {
    const restart = () => setAsked(null);
    return (
      <AuthLayout title={asked.secondFactor === 'totp' ? 'Enter your code' : 'Set up your authenticator app'} below={<Link to="/">Back to the home page</Link>}>
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
    const index = Math.max(0, Math.min(TABS.length - 1, TABS.findIndex((t) => t.id === tab) + move));
    setTab(TABS[index]!.id);
    tabs.current[index]?.focus();
  };

  return (
    <AuthLayout
      title="Login"
      below={
        <>
          No account yet? <Link to="/register">Register</Link>
        </>
      }
    >
      <div role="tablist" aria-label="Sign-in method" className="tabs" onKeyDown={onKeyDown}>
        {TABS.map((t, index) => (
          <button
            key={t.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`login-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`login-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`login-panel-${tab}`} aria-labelledby={`login-tab-${tab}`}>
        {tab === 'password' ? <PasswordLogin phone={phone} onPhone={setPhone} onSecondFactor={setAsked} /> : <OtpLogin phone={phone} onPhone={setPhone} />}
      </div>
    </AuthLayout>
  );
}
