import { formatDateTime } from '../../../lib/format-date-time';
import type { AdminSettings } from './settings-api';

interface LastChangeProps {
  settings: Pick<AdminSettings, 'updatedAt' | 'updatedBy'>;
  /** What is said while nobody has changed them. */
  unchanged?: string;
}

/** Who changed the settings last and when, so admins can tell whose rates are live. */
export function LastChange({ settings, unchanged = 'These are the default settings: nobody has changed them yet.' }: LastChangeProps) {
  const by = settings.updatedBy;
  if (!by) return <p className="muted">{unchanged}</p>;
  const who = [by.username, by.phone].filter(Boolean).join(' · ') || by._id;
  return (
    <dl className="admin-details" aria-label="Last change">
      <div>
        <dt>Last changed by</dt>
        <dd>{who}</dd>
      </div>
      <div>
        <dt>Changed at</dt>
        <dd>{formatDateTime(settings.updatedAt)}</dd>
      </div>
    </dl>
  );
}
