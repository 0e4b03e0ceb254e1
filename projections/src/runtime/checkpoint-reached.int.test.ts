import { describe, expect } from 'vitest';
import type { GlobalPosition } from '@desk/platform/eventstore/event-store';
import { checkpointReached } from './checkpoint-reached';
import { projectionRuntimeTest as it } from '../testing/projection-runtime-test';
import { streamSummaryProjection } from '../read-models/stream-summary/stream-summary.projection';
import { testEvent, uniqueStream } from '../../../tests/support/event-factory';

describe('a projection reaching a position', () => {
  it('is reached once its checkpoint is at or past the event, and given up after the wait otherwise', async ({ db, store, runner }) => {
    const { lastPosition } = await store.append(uniqueStream('reach'), [testEvent('ReachTestEvent', {})], { expected: 'no_stream' });
    const name = streamSummaryProjection.name;
    // Nothing projected yet: not reached within the wait, and the wait is what bounds it (no throw).
    expect(await checkpointReached(db, name, lastPosition, { withinMs: 60 })).toBe(false);
    const projecting = runner(streamSummaryProjection);
    projecting.start();
    projecting.wake();
    expect(await checkpointReached(db, name, lastPosition, { withinMs: 10_000 })).toBe(true);
    // An earlier position is reached too; a later one is not.
    const [major, minor] = lastPosition.split('/').map(BigInt) as [bigint, bigint];
    expect(await checkpointReached(db, name, `${major}/${minor - 1n}` as GlobalPosition, { withinMs: 0 })).toBe(true);
    expect(await checkpointReached(db, name, `${major + 1n}/0` as GlobalPosition, { withinMs: 0 })).toBe(false);
  });
});
