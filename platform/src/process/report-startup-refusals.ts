import { reportStartupRefusals } from './startup-refusal';

/**
 * Imported first by an entry point: the reporter is in place before the entry's other imports run,
 * so a refusal thrown while they load (a setting parsed at import, a setting file unreadable)
 * prints as its one plain line too.
 */
reportStartupRefusals();
