import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from './brand-mark';
import { LanguageSwitch } from '../../i18n/language-switch';
import '../../i18n/auth/texts';
import './public.css';

/** The frame of the sign-in and sign-up pages: brand on top, one card, a line below it. */
export function AuthLayout({ title, children, below }: { title: string; children: ReactNode; below: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-top">
        <BrandMark />
        <LanguageSwitch />
      </div>
      <section className="card" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {children}
      </section>
      <p className="muted">{below}</p>
    </main>
  );
}

/** The line below the card pointing to the other way in ("No account? Register"), in the page's words. */
export function AuthElsewhere({ text, to, link }: { text: string; to: string; link: string }) {
  return (
    <>
      {text} <Link to={to}>{link}</Link>
    </>
  );
}
