import { Field } from '../../../components/field';
import { ColourField } from './colour-field';
import { SupportContactFields } from './support-contact-fields';
import type { ProfileDraft, ProfileProblems } from './profile-draft';

interface ProfileFieldsProps {
  draft: ProfileDraft;
  problems: ProfileProblems;
  onChange: (patch: Partial<ProfileDraft>) => void;
  /** The create form takes a logo link too; the edit form changes the logo by file only. */
  withLogoUrl?: boolean;
}

/** Name, domain, (logo link), colour and support contact of a tenant, shared by the create and edit forms. */
export function ProfileFields({ draft, problems, onChange, withLogoUrl }: ProfileFieldsProps) {
  return (
    <>
      <Field label="Name" error={problems.name}>
        <input value={draft.name} onChange={(e) => onChange({ name: e.target.value })} maxLength={100} autoComplete="off" />
      </Field>
      <Field label="Domain" hint="The host this brand is served on, e.g. desk.example.com">
        <input
          value={draft.domain}
          onChange={(e) => onChange({ domain: e.target.value })}
          maxLength={253}
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
        />
      </Field>
      {withLogoUrl && (
        <Field label="Logo URL" hint="An https:// link; an uploaded file takes its place">
          <input
            type="url"
            value={draft.logoUrl}
            onChange={(e) => onChange({ logoUrl: e.target.value })}
            maxLength={2000}
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
      )}
      <ColourField value={draft.primaryColor} error={problems.primaryColor} onChange={(primaryColor) => onChange({ primaryColor })} />
      <SupportContactFields draft={draft} problems={problems} onChange={onChange} />
    </>
  );
}
