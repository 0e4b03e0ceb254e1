import type { ReactNode } from 'react';
import { useT, type TextKey } from '../../../i18n/use-t';

/** A page of the customer's saved entries (bank accounts, wallets): its title over the list. */
export function SavedPage({ title, children }: { title: TextKey; children: ReactNode }) {
  const t = useT();
  return (
    <section className="card">
      <h1>{t(title)}</h1>
      {children}
    </section>
  );
}
