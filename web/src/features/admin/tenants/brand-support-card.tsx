import type { FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useToast } from '../../../components/toasts';
import { SUPPORT_FIELDS, type ProfileDraft } from './profile-draft';
import { SupportContactFields } from './support-contact-fields';
import { StoredFormCard, useStoredDraft } from '../ui/stored-form-card';

const contact = api.admin.brands[':id']['support-contact'];
type SupportDraft = Pick<ProfileDraft, (typeof SUPPORT_FIELDS)[number]>;
const key = (id: string) => ['admin', 'brands', id, 'support-contact'] as const;
const load = (id: string) => unwrap(contact.$get({ param: { id } }));
/** What the form shows for what is stored: a field with none is empty. */
const draftOf = (stored: Awaited<ReturnType<typeof load>>) => Object.fromEntries(SUPPORT_FIELDS.map((f) => [f, stored[f] ?? ''])) as SupportDraft;

/**
 * A brand admin's own brand's support contact, shown on its landing page (decision 0035): the one
 * part of the brand they change themselves (operator admins use the tenant form). Empty clears one.
 */
export function BrandSupportCard({ tenantId }: { tenantId: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const stored = useQuery({ queryKey: key(tenantId), queryFn: () => load(tenantId) });
  const [draft, setDraft] = useStoredDraft(stored.data, draftOf);
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
    <StoredFormCard
      className="card"
      titleId="support-card-title"
      title="Your brand's support contact"
      intro="Shown to your customers on your home page. Leave a field empty to show none."
      stored={stored}
      fields={draft && <SupportContactFields draft={draft} problems={underFields} onChange={(patch) => setDraft((d) => d && { ...d, ...patch })} />}
      save={save}
      underFields={underFields}
      failedSave="Failed to save support contact"
      saveLabel="Save support contact"
      onSubmit={submit}
    />
  );
}
