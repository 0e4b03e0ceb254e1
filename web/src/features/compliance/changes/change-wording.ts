import type { ComplianceDeskChange } from './desk-changes-api';

type Status = ComplianceDeskChange['status'];

/** A change's title with the brand it is about ("Brand settings: Alpha Desk"); the Global Settings are no brand's. */
export const changeTitle = (change: Pick<ComplianceDeskChange, 'title' | 'brand'>) => (change.brand ? `${change.title}: ${change.brand.name}` : change.title);
type Person = ComplianceDeskChange['requestedBy'];

/**
 * How a request ended, as the person who ended it did it ("Declined" by meera); a lapsed one was
 * found out of date by whoever tried to confirm it. Null while it waits.
 */
const ENDED_HOW: Record<Exclude<Status, 'pending'>, string> = {
  confirmed: 'Confirmed',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  lapsed: 'Found out of date',
};

export const endedHow = (status: Status): string | null => (status === 'pending' ? null : ENDED_HOW[status]);

/** The name and the phone both, as an auditor needs them ("meera · +919900000007"); the name alone for the admin CLI. */
export function personInFull(person: Person): string {
  return [person?.username, person?.phone].filter(Boolean).join(' · ') || 'an admin';
}

/** What the note of an ended request is: the decliner's words, or why it went out of date. */
export const noteLabel = (status: Status) => (status === 'lapsed' ? 'Why it is out of date' : 'Note');
