export interface SupportContact {
  phone: string | null;
  email: string | null;
  whatsappUrl: string | null;
  hours: string | null;
}

import { useT } from '../../i18n/use-t';

/** A phone number as a tel: link (digits and a leading +). */
const telLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The footer: the specification's marketing claims, verbatim, and the brand's support contact, only
 * what the brand gave (decision 0035): a brand with none shows none, never a made-up number.
 */
export function LandingFooter({ support }: { support: SupportContact | undefined }) {
  const t = useT();
  const { phone, email, whatsappUrl } = support ?? { phone: null, email: null, whatsappUrl: null };
  return (
    <footer className="site-footer">
      <ul className="row">
        <li>{t('landing.footer.support')}</li>
        <li>{t('landing.footer.response')}</li>
      </ul>
      {(phone || email || whatsappUrl) && (
        <address className="row support-contact" aria-label={t('landing.footer.contact')}>
          <span>{t('landing.footer.contactLead')}</span>
          {phone && <a href={telLink(phone)}>{phone}</a>}
          {email && <a href={`mailto:${email}`}>{email}</a>}
          {whatsappUrl && (
            <a href={whatsappUrl} target="_blank" rel="noopener noreferrer">
              {t('landing.footer.whatsapp')}
            </a>
          )}
        </address>
      )}
    </footer>
  );
}
