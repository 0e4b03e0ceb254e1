import { describe, expect, it } from 'vitest';
import { WrongExpectedVersionError } from '@desk/platform/eventstore/event-store.errors';
import { asDomainError, CHANGED_MEANWHILE } from './domain-refusals';

describe('domain refusals as API answers', () => {
  it("answers a command that kept losing its race with a sentence for people, not the stream's name and revisions", () => {
    const answer = asDomainError(new WrongExpectedVersionError('order-0f1e', 4n, 5n))!;
    expect(answer.status).toBe(409);
    expect(answer.body()).toEqual({ error: CHANGED_MEANWHILE, code: 'wrong_expected_version' });
  });
});
