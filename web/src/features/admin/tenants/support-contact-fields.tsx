import { Field } from '../../../components/field';
import type { ProfileDraft, ProfileProblems } from './profile-draft';
import './support-contact.css';

interface SupportContactFieldsProps {
  draft: Pick<ProfileDraft, 'supportPhone' | 'supportEmail' | 'supportWhatsApp' | 'supportHours'>;
  problems: ProfileProblems;
  onChange: (patch: Partial<ProfileDraft>) => void;
}

/**
 * The brand's support contact, shown to its visitors on the landing page (decision 0035). Each is
 * optional: a brand with none shows none. The server checks each shape and says what is wrong.
 */
export function SupportContactFields({ draft, problems, onChange }: SupportContactFieldsProps) {
  return (
    <fieldset className="support-contact-fields">
      <legend>Support contact (shown on the brand&apos;s home page)</legend>
      <Field label="Support phone" hint="e.g. +91 98765 43210" error={problems.supportPhone}>
        <input type="tel" value={draft.supportPhone} onChange={(e) => onChange({ supportPhone: e.target.value })} maxLength={24} autoComplete="off" />
      </Field>
      <Field label="Support email" hint="e.g. help@example.com" error={problems.supportEmail}>
        <input type="email" value={draft.supportEmail} onChange={(e) => onChange({ supportEmail: e.target.value })} maxLength={254} autoComplete="off" />
      </Field>
      <Field label="WhatsApp link" hint="https://wa.me/ and the number with its country code, e.g. https://wa.me/919876543210" error={problems.supportWhatsApp}>
        <input
          type="url"
          value={draft.supportWhatsApp}
          onChange={(e) => onChange({ supportWhatsApp: e.target.value })}
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
        />
      </Field>
      <Field label="Support hours" hint="e.g. Every day, 9 am to 9 pm IST" error={problems.supportHours}>
        <input value={draft.supportHours} onChange={(e) => onChange({ supportHours: e.target.value })} maxLength={80} autoComplete="off" />
      </Field>
    </fieldset>
  );
}
