import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loaded } from '../../../components/loaded';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { useToast } from '../../../components/toasts';
import { failureText } from '../../../lib/failure-text';
import { PageHead } from '../ui/page-head';
import { useAdminScope } from '../use-admin-scope';
import { useTenants } from '../tenants/tenant-queries';
import { EndpointCard } from './endpoint-card';
import { EndpointFormModal } from './endpoint-form-modal';
import { SecretOnceModal } from './secret-once-modal';
import { webhookKeys, webhooksApi, type EndpointDraft, type WebhookEndpoint } from './webhooks-api';
import '../admin-forms.css';
import './webhooks.css';

type Editing = { kind: 'add' } | { kind: 'edit'; endpoint: WebhookEndpoint } | null;

/** Webhooks (docs/webhooks.md): where a brand's order events are sent, signed, and what became of each. */
export function WebhooksPage() {
  const client = useQueryClient();
  const toast = useToast();
  const { operator } = useAdminScope();
  const brands = useTenants();
  const list = useQuery({ queryKey: webhookKeys.list, queryFn: () => webhooksApi.list() });
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<{ secret: string; rotated: string | null } | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: webhookKeys.list });

  const save = useMutation({
    mutationFn: async (draft: EndpointDraft & { tenantId?: string }) =>
      editing?.kind === 'edit'
        ? { kind: 'edited' as const, answer: await webhooksApi.change(editing.endpoint.id, draft) }
        : { kind: 'created' as const, answer: await webhooksApi.create(draft) },
    onSuccess: async (answer) => {
      setEditing(null);
      if (answer.kind === 'created') setSecret({ secret: answer.answer.secret, rotated: null });
      else toast('Endpoint saved');
      await refresh();
    },
  });
  const act = useMutation({
    mutationFn: async (step: { kind: 'rotate' | 'toggle' | 'delete'; endpoint: WebhookEndpoint }) => {
      if (step.kind === 'rotate') return { kind: 'rotated' as const, rotated: await webhooksApi.rotate(step.endpoint.id) };
      if (step.kind === 'toggle') return { kind: 'toggled' as const, toggled: await webhooksApi.change(step.endpoint.id, { enabled: !step.endpoint.enabled }) };
      await webhooksApi.remove(step.endpoint.id);
      return { kind: 'deleted' as const };
    },
    onSuccess: async (answer) => {
      if (answer.kind === 'rotated') setSecret({ secret: answer.rotated.secret, rotated: answer.rotated.previousValidUntil });
      if (answer.kind === 'toggled') toast(answer.toggled.endpoint.enabled ? 'Endpoint turned on' : 'Endpoint turned off');
      if (answer.kind === 'deleted') toast('Endpoint deleted');
      setDeleting(null);
      await refresh();
    },
  });
  const brandName = (tenantId: string) =>
    operator ? (brands.data?.tenants.find((b: { _id: string; name: string }) => b._id === tenantId)?.name ?? tenantId) : undefined;

  return (
    <div className="admin-page">
      <PageHead
        title="Webhooks"
        note="Send your orders' events to your own systems as they happen, each signed so your system can check it came from the desk."
      >
        <button type="button" className="btn" onClick={() => (save.reset(), setEditing({ kind: 'add' }))}>
          Add endpoint
        </button>
      </PageHead>
      <ErrorAlert>{act.isError && failureText(act.error, 'That did not work. Please try again.')}</ErrorAlert>
      <Loaded query={list} loading="Loading endpoints..." failed="Failed to load the endpoints" failedCard>
        {(data) => (
          <>
            {data.items.length === 0 && <p className="card admin-empty">No endpoints yet. Add one to start sending events.</p>}
            {data.items.map((endpoint) => (
              <EndpointCard
                key={endpoint.id}
                endpoint={endpoint}
                choices={data.eventTypes}
                brandName={brandName(endpoint.tenantId)}
                busy={act.isPending}
                onEdit={() => (save.reset(), setEditing({ kind: 'edit', endpoint }))}
                onRotate={() => act.mutate({ kind: 'rotate', endpoint })}
                onToggle={() => act.mutate({ kind: 'toggle', endpoint })}
                onDelete={() => setDeleting(endpoint)}
              />
            ))}
            {editing && (
              <EndpointFormModal
                endpoint={editing.kind === 'edit' ? editing.endpoint : undefined}
                choices={data.eventTypes}
                chooseBrand={operator}
                saving={save.isPending}
                error={save.error}
                onSave={(draft) => save.mutate(draft)}
                onClose={() => setEditing(null)}
              />
            )}
          </>
        )}
      </Loaded>
      {secret && <SecretOnceModal secret={secret.secret} rotated={secret.rotated} onClose={() => setSecret(null)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete endpoint?"
          confirmLabel="Delete endpoint"
          busy={act.isPending}
          onConfirm={() => act.mutate({ kind: 'delete', endpoint: deleting })}
          onCancel={() => setDeleting(null)}
        >
          <p>
            Nothing more is sent to <span className="admin-mono">{deleting.url}</span>, and its delivery log is deleted with it.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
