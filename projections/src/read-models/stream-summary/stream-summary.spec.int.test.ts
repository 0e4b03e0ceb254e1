import { describe } from 'vitest';
import { readModelTest as it } from '../../testing/read-model-test';
import { readModelSpec } from '../../testing/read-model-spec';
import { streamSummaryProjection } from './stream-summary.projection';

const spec = readModelSpec(streamSummaryProjection);
const event = (streamId: string, type: string, at: string) => ({ streamId, type, data: {}, at });

describe('stream-summary read model', () => {
  it('keeps one row per stream: its category, how many events, the last one, when it began and last moved', async ({ readModels }) => {
    const then = await spec(readModels)
      .given(event('order-a', 'OrderPlaced', '2026-11-27T10:00:00.000Z'), event('tenant-zen', 'TenantCreated', '2026-11-27T10:01:00.000Z'))
      .when(event('order-a', 'ProofSubmitted', '2026-11-27T10:02:00.000Z'), event('order-a', 'OrderVerified', '2026-11-27T10:03:00.000Z'));
    await then.thenRows('rm_stream_summary', [
      {
        stream_id: 'order-a',
        category: 'order',
        event_count: '3',
        last_event_type: 'OrderVerified',
        last_stream_position: '2',
        first_recorded_at: new Date('2026-11-27T10:00:00.000Z'),
        last_recorded_at: new Date('2026-11-27T10:03:00.000Z'),
      },
      { stream_id: 'tenant-zen', category: 'tenant', event_count: '1', last_event_type: 'TenantCreated', last_stream_position: '0' },
    ]);
  });
});
