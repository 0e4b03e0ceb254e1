import type { ExpectedVersion } from './event-store';
import { DomainError } from '../errors/domain-error';

export type ActualVersion = bigint | 'no_stream';

function describe(version: ExpectedVersion | ActualVersion): string {
  return typeof version === 'bigint' ? `revision ${version}` : version;
}

/** The stream was not in the state the command was decided against: reload and decide again. */
export class WrongExpectedVersionError extends DomainError {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: ActualVersion,
  ) {
    super('wrong_expected_version', 409, `Stream ${streamId} expected ${describe(expected)} but is at ${describe(actual)}`);
  }
}

/** An event id already stored elsewhere (another stream, or only some of a batch): never silently merged. */
export class DuplicateEventIdError extends DomainError {
  constructor(
    readonly streamId: string,
    readonly eventIds: readonly string[],
  ) {
    super('duplicate_event_id', 409, `Event ids already used outside this append to ${streamId}`);
  }
}

/** Metadata or event shape the store refuses before touching the database. */
export class InvalidEventError extends DomainError {
  constructor(
    message: string,
    readonly details: unknown,
  ) {
    super('invalid_event', 400, message);
  }
}
