import { formatDateTime } from '../../../lib/format-date-time';
import { Detail } from '../../../components/detail';
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
      <Detail label="Last changed by">{who}</Detail>
      <Detail label="Changed at">{formatDateTime(settings.updatedAt)}</Detail>
    </dl>
  );
}
