import type { DeskChangeStatus } from '@desk/machines/desk-changes/desk-change.events';

/** A change request's state as people say it (the admin desk's Pending changes, compliance's Desk changes). */
export const STATUS_WORDS: Record<DeskChangeStatus, string> = {
  pending: 'Waiting for a second admin',
  confirmed: 'Confirmed: in force',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  lapsed: 'Out of date',
};

/** Who is named for a person the server describes: their name, else their phone. */
export const personName = (person: { username: string | null; phone: string | null } | null, fallback = 'an admin') =>
  person?.username || person?.phone || fallback;
