import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { failureText } from '../../../lib/failure-text';
import { failureBesideFields, serverFieldErrors } from '../../../lib/field-errors';
import { ErrorAlert } from '../../../components/error-alert';
import { useToast } from '../../../components/toasts';
import { SUPPORT_FIELDS, type ProfileDraft } from './profile-draft';
import { SupportContactFields } from './support-contact-fields';
import { SubmitButton } from '../../../components/submit-button';

const contact = api.admin.brands[':id']['support-contact'];
type SupportDraft = Pick<ProfileDraft, (typeof SUPPORT_FIELDS)[number]>;
const key = (id: string) => ['admin', 'brands', id, 'support-contact'] as const;

/**
 * A brand admin's own brand's support contact, shown on its landing page (decision 0035): the one
 * part of the brand they change themselves (operator admins use the tenant form). Empty clears one.
 */
export function BrandSupportCard({ tenantId }: { tenantId: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const stored = useQuery({ queryKey: key(tenantId), queryFn: () => unwrap(contact.$get({ param: { id: tenantId } })) });
  const [draft, setDraft] = useState<SupportDraft | null>(null);
  useEffect(() => {
    if (stored.data && draft === null) setDraft(Object.fromEntries(SUPPORT_FIELDS.map((f) => [f, stored.data[f] ?? ''])) as SupportDraft);
  }, [stored.data, draft]);
  const save = useMutation({
    mutationFn: (json: SupportDraft) => unwrap(contact.$put({ param: { id: tenantId }, json })),
    onSuccess: (answer) => {
      client.setQueryData(key(tenantId), answer);
      toast('Support contact saved');
    },
  });
  const underFields = serverFieldErrors(save.error, SUPPORT_FIELDS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) save.mutate(Object.fromEntries(SUPPORT_FIELDS.map((f) => [f, draft[f].trim()])) as SupportDraft);
  };

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="support-card-title">
      <h2 id="support-card-title">Your brand&apos;s support contact</h2>
      <p className="muted">Shown to your customers on your home page. Leave a field empty to show none.</p>
      {stored.isPending && <p className="muted">Loading...</p>}
      <ErrorAlert>{stored.isError && failureText(stored.error, 'Failed to load data')}</ErrorAlert>
      {draft && (
        <>
          <SupportContactFields draft={draft} problems={underFields} onChange={(patch) => setDraft((d) => d && { ...d, ...patch })} />
          <ErrorAlert>{failureBesideFields(save.error, underFields, 'Failed to save support contact')}</ErrorAlert>
          <SubmitButton busy={save.isPending} busyLabel="Saving...">
            Save support contact
          </SubmitButton>
        </>
      )}
    </form>
  );
}
