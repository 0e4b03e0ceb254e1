import type { DeskChange } from './changes-api';

/** A request's state as people say it. */
export const STATUS_WORDS: Record<DeskChange['status'], string> = {
  pending: 'Waiting for a second admin',
  confirmed: 'Confirmed: in force',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  lapsed: 'Out of date',
};

/** Who is named for a person the server describes: their name, else their phone. */
export const personName = (person: { username: string | null; phone: string | null } | null, fallback = 'an admin') =>
  person?.username || person?.phone || fallback;
