import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { FormModal } from '../../../components/form-modal';
import { useToast } from '../../../components/toasts';
import { failureText } from '../../../lib/failure-text';
import { ErrorAlert } from '../../../components/error-alert';
import { LogoFileField } from './logo-file-field';
import { ProfileFields } from './profile-fields';
import { emptyProfile, profileForm, profileProblems, type ProfileDraft, type ProfileProblems } from './profile-draft';
import { tenantApi } from './tenant-api';
import { useTenantSaved } from './tenant-queries';

const FORM_ID = 'admin-new-tenant';

/** A new white-label brand: name, domain, logo (link or file) and colour; accounts are added later. */
export function TenantCreateModal({ onClose }: { onClose: () => void }) {
  const [draft, setDraft] = useState<ProfileDraft>(emptyProfile);
  const [logo, setLogo] = useState<File | null>(null);
  const [problems, setProblems] = useState<ProfileProblems>({});
  const toast = useToast();
  const saved = useTenantSaved();
  const create = useMutation({
    mutationFn: tenantApi.create,
    onSuccess: async ({ tenant, domainChange, message }) => {
      // A domain waits for a second admin (decision 0030): the brand is made without it for now.
      toast(domainChange ? message : 'Tenant created successfully', domainChange ? 'info' : undefined);
      await saved(tenant);
      onClose();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = profileProblems(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    create.mutate({ ...profileForm(draft, true), ...(logo ? { logo } : {}) });
  };

  return (
    <FormModal
      title="New Tenant"
      formId={FORM_ID}
      saveLabel="Create Tenant"
      saving={create.isPending}
      savingLabel="Creating..."
      onClose={onClose}
      onSubmit={submit}
    >
      <ProfileFields draft={draft} problems={problems} onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))} withLogoUrl />
      <LogoFileField file={logo} onFile={setLogo} />
      <ErrorAlert>{create.isError && failureText(create.error, 'Failed to create tenant')}</ErrorAlert>
    </FormModal>
  );
}
