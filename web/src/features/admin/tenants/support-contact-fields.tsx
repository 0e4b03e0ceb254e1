import { Field } from '../../../components/field';
import type { ProfileDraft, ProfileProblems, SUPPORT_FIELDS } from './profile-draft';
import './support-contact.css';

type SupportField = (typeof SUPPORT_FIELDS)[number];

interface SupportContactFieldsProps {
  draft: Pick<ProfileDraft, SupportField>;
  problems: ProfileProblems;
  onChange: (patch: Partial<ProfileDraft>) => void;
}

/** Each input, in the order shown: its words, its kind of input and its longest value (the server's limits). */
const INPUTS: readonly { field: SupportField; label: string; hint: string; type?: 'tel' | 'email' | 'url'; maxLength: number }[] = [
  { field: 'supportPhone', label: 'Support phone', hint: 'e.g. +91 98765 43210', type: 'tel', maxLength: 24 },
  { field: 'supportEmail', label: 'Support email', hint: 'e.g. help@example.com', type: 'email', maxLength: 254 },
  {
    field: 'supportWhatsApp',
    label: 'WhatsApp link',
    hint: 'https://wa.me/ and the number with its country code, e.g. https://wa.me/919876543210',
    type: 'url',
    maxLength: 40,
  },
  { field: 'supportHours', label: 'Support hours', hint: 'e.g. Every day, 9 am to 9 pm IST', maxLength: 80 },
];

/**
 * The brand's support contact, shown to its visitors on the landing page (decision 0035). Each is
 * optional: a brand with none shows none. The server checks each shape and says what is wrong.
 */
export function SupportContactFields({ draft, problems, onChange }: SupportContactFieldsProps) {
  return (
    <fieldset className="support-contact-fields">
      <legend>Support contact (shown on the brand&apos;s home page)</legend>
      {INPUTS.map(({ field, label, hint, type, maxLength }) => (
        <Field key={field} label={label} hint={hint} error={problems[field]}>
          <input
            type={type}
            value={draft[field]}
            onChange={(e) => onChange({ [field]: e.target.value })}
            maxLength={maxLength}
            autoComplete="off"
            // A link is not words: no red underline under it.
            spellCheck={type === 'url' ? false : undefined}
          />
        </Field>
      ))}
    </fieldset>
  );
}
