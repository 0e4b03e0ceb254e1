import { useState } from 'react';
import { TabList } from '../../components/tab-list';
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
 * `/login`: sign in by password or by a one-time code, in tabs (`TabList`: the arrows stop at the
 * ends, Home and End go to them). The phone is kept across tabs.
 * Staff go on from their password to their authenticator's code, or to setting one up (decision 0029).
 */
export function LoginPage() {
  const t = useT();
  const [tab, setTab] = useState<Tab>('password');
  const [phone, setPhone] = useState('');
  const [asked, setAsked] = useState<SecondFactorAsked | null>(null);

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

  return (
    <AuthLayout title={t('auth.login.title')} below={<AuthElsewhere text={t('auth.login.noAccount')} to="/register" link={t('auth.login.register')} />}>
      <TabList
        label={t('auth.login.methods')}
        tabs={TABS.map((each) => ({ key: each.id, label: t(each.label) }))}
        selected={tab}
        onSelect={setTab}
        tabId={(key) => `login-tab-${key}`}
        panelId={(key) => `login-panel-${key}`}
        keys="ends"
      />
      <div role="tabpanel" id={`login-panel-${tab}`} aria-labelledby={`login-tab-${tab}`}>
        {tab === 'password' ? <PasswordLogin phone={phone} onPhone={setPhone} onSecondFactor={setAsked} /> : <OtpLogin phone={phone} onPhone={setPhone} />}
      </div>
    </AuthLayout>
  );
}
