import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useToast } from '../../../components/toasts';
import { failureText } from '../../../lib/failure-text';
import { ErrorAlert } from '../../../components/error-alert';
import { CurrentLogo } from './current-logo';
import { LogoFileField } from './logo-file-field';
import { ProfileFields } from './profile-fields';
import { profileForm, profileOf, profileProblems, SUPPORT_FIELDS, type ProfileDraft, type ProfileProblems } from './profile-draft';
import { serverFieldErrors } from '../../../lib/field-errors';
import { tenantApi, type Tenant } from './tenant-api';
import { useTenantSaved } from './tenant-queries';
import { waitsForSecondAdmin } from '../changes/changes-api';
import { SubmitButton } from '../../../components/submit-button';

interface TenantEditFormProps {
  tenant: Tenant;
  refreshing: boolean;
  onRefresh: () => void;
}

/** The tenant's brand: name, domain, colour and logo file, saved together as one multipart edit. */
export function TenantEditForm({ tenant, refreshing, onRefresh }: TenantEditFormProps) {
  const [draft, setDraft] = useState<ProfileDraft>(() => profileOf(tenant));
  const [logo, setLogo] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [problems, setProblems] = useState<ProfileProblems>({});
  const toast = useToast();
  const saved = useTenantSaved();
  const navigate = useNavigate();
  const update = useMutation({
    mutationFn: () => tenantApi.updateProfile(tenant._id, { ...profileForm(draft, false), ...(logo ? { logo } : removeLogo ? { removeLogo: 'true' } : {}) }),
    onSuccess: async (answer) => {
      // A domain set, moved or cleared waits for a second admin (202), with the rest of the profile: its request's page.
      if (waitsForSecondAdmin(answer)) return navigate(`/admin/changes/${answer.change._id}`);
      toast('Tenant updated successfully');
      await saved(answer.tenant);
      navigate(`/admin/tenants/${tenant._id}`);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = profileProblems(draft);
    setProblems(found);
    if (Object.keys(found).length === 0) update.mutate();
  };

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="edit-title">
      <h2 id="edit-title">Profile</h2>
      <ProfileFields
        draft={draft}
        problems={{ ...serverFieldErrors(update.error, SUPPORT_FIELDS), ...problems }}
        onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
      />
      <LogoFileField file={logo} onFile={setLogo}>
        <CurrentLogo logoUrl={tenant.logoUrl} removing={removeLogo} refreshing={refreshing} onRefresh={onRefresh} onRemoving={setRemoveLogo} />
      </LogoFileField>
      <ErrorAlert>{update.isError && failureText(update.error, 'Failed to update tenant')}</ErrorAlert>
      <div className="admin-actions">
        <SubmitButton busy={update.isPending} busyLabel="Saving...">
          Save Changes
        </SubmitButton>
        <Link className="btn secondary" to={`/admin/tenants/${tenant._id}`}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
