/**
 * The as-of pickers are `datetime-local` inputs (the browser's own time zone); the API takes ISO 8601
 * with an offset. Empty is "now".
 */
export function localToIso(local: string): string {
  if (!local) return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value, to seconds, in the browser's time zone. */
export function isoToLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

// An officer compares times with other records (a bank's, a chain's): to the second, with the zone named.
const withSeconds = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

/** Audit times to the second in the reader's zone (15 Jan 2025, 3:30:12 pm IST); '-' when there is none. */
export function formatInstant(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : withSeconds.format(date);
}

/** The reader's own time zone as the browser names it (Asia/Kolkata), for the pickers' hints. */
export const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
