import { intlLocale } from '../i18n/i18n';

const formats = new Map<string, Intl.DateTimeFormat>();

/** The screens' date and time in the language in use: en-IN or hi-IN, Latin digits either way (decision 0036). */
function dateTimeFormat(): Intl.DateTimeFormat {
  const locale = intlLocale();
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })));
  return format;
}

/** A moment as the screens show it (15 Jan 2025, 3:30 pm; in Hindi 15 जन॰ 2025, 3:30 pm); '-' when there is none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat().format(date);
}
