import type { ReactNode } from 'react';
import { BrandMark } from './brand-mark';
import './public.css';

/** The frame of the sign-in and sign-up pages: brand on top, one card, a line below it. */
export function AuthLayout({ title, children, below }: { title: string; children: ReactNode; below: ReactNode }) {
  return (
    <main className="auth-page">
      <BrandMark />
      <section className="card" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {children}
      </section>
      <p className="muted">{below}</p>
    </main>
  );
}
