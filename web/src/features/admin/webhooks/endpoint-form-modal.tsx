import { useState, type FormEvent } from 'react';
import { FormModal } from '../../../components/form-modal';
import { Field } from '../../../components/field';
import { ErrorAlert } from '../../../components/error-alert';
import { failureBesideFields, serverFieldErrors } from '../../../lib/field-errors';
import { BrandSelect } from '../tenants/brand-select';
import type { EndpointDraft, EventTypeChoice, WebhookEndpoint } from './webhooks-api';

const FIELDS = ['url', 'eventTypes', 'description', 'tenantId'] as const;

interface EndpointFormProps {
  /** The endpoint being changed; absent: a new one. */
  endpoint?: WebhookEndpoint;
  choices: readonly EventTypeChoice[];
  /** Operator admins choose the brand of a new endpoint. */
  chooseBrand: boolean;
  saving: boolean;
  error: unknown;
  onSave: (draft: EndpointDraft & { tenantId?: string }) => void;
  onClose: () => void;
}

/** Adding or changing an endpoint: its address, the events it gets (in words), a description. */
export function EndpointFormModal({ endpoint, choices, chooseBrand, saving, error, onSave, onClose }: EndpointFormProps) {
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [types, setTypes] = useState<EndpointDraft['eventTypes']>(endpoint?.eventTypes ?? []);
  const [tenantId, setTenantId] = useState('');
  const problems = serverFieldErrors(error, FIELDS);

  const toggle = (type: EndpointDraft['eventTypes'][number], on: boolean) =>
    setTypes((current) => (on ? [...current, type] : current.filter((t) => t !== type)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ordered = choices.map((c) => c.type).filter((type) => types.includes(type));
    onSave({ url: url.trim(), eventTypes: ordered, description: description.trim(), ...(chooseBrand && tenantId ? { tenantId } : {}) });
  };

  return (
    <FormModal
      title={endpoint ? 'Edit endpoint' : 'Add endpoint'}
      formId="webhook-endpoint-form"
      saveLabel={endpoint ? 'Save endpoint' : 'Add endpoint'}
      saving={saving}
      onClose={onClose}
      onSubmit={submit}
    >
      {chooseBrand && !endpoint && (
        <Field label="Brand" error={problems.tenantId} hint="Whose orders are sent. Leave it to send the operator's own brand.">
          <BrandSelect value={tenantId} onChange={setTenantId} allLabel="The operator's own brand" />
        </Field>
      )}
      <Field label="Address" error={problems.url} hint="Where the desk sends each event, starting with https://">
        <input
          type="url"
          inputMode="url"
          autoComplete="off"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com/desk-events"
        />
      </Field>
      <fieldset className="webhook-events" aria-describedby={problems.eventTypes ? 'webhook-events-error' : undefined}>
        <legend>Events to send</legend>
        {choices.map((choice) => (
          <label key={choice.type} className="admin-check">
            <input type="checkbox" checked={types.includes(choice.type)} onChange={(e) => toggle(choice.type, e.target.checked)} /> {choice.label}
          </label>
        ))}
        {problems.eventTypes && (
          <span id="webhook-events-error" className="error">
            {problems.eventTypes}
          </span>
        )}
      </fieldset>
      <Field label="Description" error={problems.description} hint="For your own notes: which system this is">
        <input value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} />
      </Field>
      <ErrorAlert>{failureBesideFields(error, problems, 'Failed to save the endpoint')}</ErrorAlert>
    </FormModal>
  );
}
