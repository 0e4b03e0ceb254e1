import type { Dispatch, FormEvent, SetStateAction } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrandSmsTemplatesJson } from '@desk/services/notifications/sms-templates.routes';
import { callApi } from '../../../lib/api';
import { serverFieldErrors } from '../../../lib/field-errors';
import { Field } from '../../../components/field';
import { useToast } from '../../../components/toasts';
import './sms-templates.css';
import { StoredFormCard, useStoredDraft } from '../ui/stored-form-card';

type Kind = keyof BrandSmsTemplatesJson['templates'];
const KINDS: { kind: Kind; name: string }[] = [
  { kind: 'payment_verified', name: 'Payment received' },
  { kind: 'buy_completed', name: 'Buy completed' },
  { kind: 'sell_completed', name: 'Sell completed' },
  { kind: 'rejected', name: 'Order rejected' },
  { kind: 'expired', name: 'Order expired' },
];
const FIELDS = ['dltEntityId', 'senderId', ...KINDS.flatMap(({ kind }) => [`templates.${kind}.text`, `templates.${kind}.dltTemplateId`])];

interface Draft {
  dltEntityId: string;
  senderId: string;
  templates: Record<Kind, { text: string; dltTemplateId: string }>;
}

const path = (tenantId: string) => `/api/admin/tenants/${encodeURIComponent(tenantId)}/sms-templates`;
const key = (tenantId: string) => ['admin', 'tenants', tenantId, 'sms-templates'] as const;

/** What the form shows for what the server holds: a message still on its default is an empty box (the default as its placeholder). */
function draftOf(stored: BrandSmsTemplatesJson): Draft {
  const templates = Object.fromEntries(
    KINDS.map(({ kind }) => {
      const t = stored.templates[kind];
      return [kind, { text: t.isDefault ? '' : t.text, dltTemplateId: t.dltTemplateId ?? '' }];
    }),
  ) as Draft['templates'];
  return { dltEntityId: stored.dltEntityId ?? '', senderId: stored.senderId ?? '', templates };
}

/** The whole set, as the PUT takes it: an empty text leaves that message on its default. */
function bodyOf(draft: Draft) {
  const orNull = (value: string) => value.trim() || null;
  const templates = Object.fromEntries(
    KINDS.filter(({ kind }) => draft.templates[kind].text.trim() !== '').map(({ kind }) => [
      kind,
      { text: draft.templates[kind].text.trim(), dltTemplateId: orNull(draft.templates[kind].dltTemplateId) },
    ]),
  );
  return { dltEntityId: orNull(draft.dltEntityId), senderId: orNull(draft.senderId), templates };
}

/**
 * A brand's SMS to its customers (docs/notifications.md), on the operator's tenant page: the DLT
 * entity and sender ids, and each message's registered text and template id. The operator's only (a
 * changed template is a phishing tool); the server checks each text uses only its message's placeholders.
 */
export function SmsTemplatesCard({ tenantId }: { tenantId: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const stored = useQuery({ queryKey: key(tenantId), queryFn: () => callApi<BrandSmsTemplatesJson>('GET', path(tenantId)) });
  const [draft, setDraft] = useStoredDraft(stored.data, draftOf);
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof bodyOf>) => callApi<BrandSmsTemplatesJson>('PUT', path(tenantId), { json: body }),
    onSuccess: (answer) => {
      client.setQueryData(key(tenantId), answer);
      setDraft(draftOf(answer));
      toast('SMS templates saved');
    },
  });
  const problems = serverFieldErrors(save.error, FIELDS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) save.mutate(bodyOf(draft));
  };

  return (
    <StoredFormCard
      className="card admin-section sms-templates"
      titleId="sms-templates-title"
      title="Customer SMS"
      intro="What this brand's customers are texted about their orders, as registered on DLT. Leave a message's text empty to send the default shown in it."
      stored={stored}
      fields={draft && stored.data && <SmsFields draft={draft} stored={stored.data} problems={problems} setDraft={setDraft} />}
      save={save}
      underFields={problems}
      failedSave="Failed to save SMS templates"
      saveLabel="Save SMS templates"
      onSubmit={submit}
    />
  );
}

interface SmsFieldsProps {
  draft: Draft;
  stored: BrandSmsTemplatesJson;
  problems: Record<string, string>;
  setDraft: Dispatch<SetStateAction<Draft | null>>;
}

/** The DLT ids, and each message's text (its default as the placeholder) and template id. */
function SmsFields({ draft, stored, problems, setDraft }: SmsFieldsProps) {
  const setMessage = (kind: Kind, patch: Partial<Draft['templates'][Kind]>) =>
    setDraft((d) => d && { ...d, templates: { ...d.templates, [kind]: { ...d.templates[kind], ...patch } } });
  return (
    <>
      <div className="admin-form-grid">
        <Field label="DLT principal entity ID" error={problems.dltEntityId}>
          <input value={draft.dltEntityId} inputMode="numeric" onChange={(e) => setDraft({ ...draft, dltEntityId: e.target.value })} />
        </Field>
        <Field label="Sender ID (header)" error={problems.senderId}>
          <input value={draft.senderId} onChange={(e) => setDraft({ ...draft, senderId: e.target.value })} />
        </Field>
      </div>
      {KINDS.map(({ kind, name }) => (
        <fieldset key={kind} className="sms-message">
          <legend>{name}</legend>
          <Field
            label="Text"
            hint={`May use ${stored.templates[kind].placeholders.map((p) => `{{${p}}}`).join(', ')}`}
            error={problems[`templates.${kind}.text`]}
          >
            <textarea
              rows={3}
              value={draft.templates[kind].text}
              placeholder={stored.templates[kind].isDefault ? stored.templates[kind].text : ''}
              onChange={(e) => setMessage(kind, { text: e.target.value })}
            />
          </Field>
          <Field label="DLT template ID" error={problems[`templates.${kind}.dltTemplateId`]}>
            <input value={draft.templates[kind].dltTemplateId} inputMode="numeric" onChange={(e) => setMessage(kind, { dltTemplateId: e.target.value })} />
          </Field>
        </fieldset>
      ))}
    </>
  );
}
