import type { Projection } from './projections-api';

const count = new Intl.NumberFormat('en-IN');

export const formatCount = (n: number): string => count.format(n);

/** The events behind as the server counted them: it stops at 100,000, and says when there are more. */
export const formatBehind = ({ eventsBehind, moreBehind }: Pick<Projection, 'eventsBehind' | 'moreBehind'>): string =>
  moreBehind ? `More than ${formatCount(eventsBehind)}` : formatCount(eventsBehind);

/** How long the first unapplied event has waited, in the two largest units that matter. */
export function formatLag(ms: number): string {
  if (ms <= 0) return '0 s';
  if (ms < 1_000) return '< 1 s';
  const seconds = Math.floor(ms / 1_000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/**
 * A running rebuild's progress: events applied since it started out of the log's size then.
 * Quarantined events are stepped past, not applied, so a rebuild that quarantines ends short of 100%.
 */
export function rebuildProgress(projection: Pick<Projection, 'eventsApplied' | 'rebuilding'>): { done: number; total: number; percent: number } | null {
  if (!projection.rebuilding) return null;
  const { total } = projection.rebuilding;
  const done = Math.min(projection.eventsApplied, total);
  return { done, total, percent: total === 0 ? 100 : Math.floor((done / total) * 100) };
}
