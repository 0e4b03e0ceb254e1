import { Link } from 'react-router';
import type { EventTypeChoice, WebhookEndpoint } from './webhooks-api';
import { Detail } from '../../../components/detail';

interface EndpointCardProps {
  endpoint: WebhookEndpoint;
  choices: readonly EventTypeChoice[];
  /** The brand's name, for operator admins (who see every brand's endpoints). */
  brandName?: string | undefined;
  busy: boolean;
  onEdit: () => void;
  onRotate: () => void;
  onToggle: () => void;
  onDelete: () => void;
}

/** One endpoint: where it sends, what, whether it is on, and what may be done with it. */
export function EndpointCard({ endpoint, choices, brandName, busy, onEdit, onRotate, onToggle, onDelete }: EndpointCardProps) {
  const labelOf = (type: string) => choices.find((c) => c.type === type)?.label ?? type;
  const titleId = `endpoint-${endpoint.id}`;
  return (
    <article className="card webhook-endpoint" aria-labelledby={titleId}>
      <div className="webhook-endpoint-head">
        <h2 id={titleId} className="admin-mono webhook-url">
          {endpoint.url}
        </h2>
        <span className={`badge ${endpoint.enabled ? 'completed' : 'admin-inactive'}`}>{endpoint.enabled ? 'On' : 'Off'}</span>
      </div>
      {endpoint.description && <p>{endpoint.description}</p>}
      <dl className="admin-details">
        {brandName !== undefined && <Detail label="Brand">{brandName}</Detail>}
        <Detail label="Events">{endpoint.eventTypes.map(labelOf).join(', ')}</Detail>
        {endpoint.previousSecretValidUntil && (
          <Detail label="Previous secret signs until">{new Date(endpoint.previousSecretValidUntil).toLocaleString('en-IN')}</Detail>
        )}
      </dl>
      <div className="admin-actions">
        <Link className="btn small" to={`/admin/webhooks/${endpoint.id}`} aria-label={`Delivery log of ${endpoint.url}`}>
          Delivery log
        </Link>
        <button type="button" className="btn secondary small" onClick={onEdit} disabled={busy} aria-label={`Edit ${endpoint.url}`}>
          Edit
        </button>
        <button type="button" className="btn secondary small" onClick={onRotate} disabled={busy} aria-label={`New secret for ${endpoint.url}`}>
          New secret
        </button>
        <button
          type="button"
          className="btn secondary small"
          onClick={onToggle}
          disabled={busy}
          aria-label={`${endpoint.enabled ? 'Turn off' : 'Turn on'} ${endpoint.url}`}
        >
          {endpoint.enabled ? 'Turn off' : 'Turn on'}
        </button>
        <button type="button" className="btn danger small" onClick={onDelete} disabled={busy} aria-label={`Delete ${endpoint.url}`}>
          Delete
        </button>
      </div>
    </article>
  );
}
