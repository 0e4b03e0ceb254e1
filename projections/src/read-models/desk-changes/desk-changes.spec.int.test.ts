import { describe, expect } from 'vitest';
import type { DeskChangeRequestedData } from '@desk/machines/desk-changes/desk-change.events';
import { readModelTest as it } from '../../testing/read-model-test';
import { readModelSpec } from '../../testing/read-model-spec';
import { deskChangesProjection } from './desk-changes.projection';
import { countWaitingFor, listDeskChanges, pendingDeskChanges } from './desk-changes.queries';

const spec = readModelSpec(deskChangesProjection);

const requested = (changeId: string, requestedBy: string, requestedAt: string) => ({
  streamId: `desk-change-${changeId}`,
  type: 'DeskChangeRequested',
  data: {
    changeId,
    tenantId: null,
    change: { kind: 'global_settings', patch: { controls: { fourEyesAboveInr: '0' } } },
    summary: [{ what: 'Second admin above', before: '₹2,00,000', after: 'off' }],
    reasons: ['It turns off the four-eyes threshold (a second admin above this amount), which was ₹2,00,000'],
    basis: { 'settings-default': null },
    storedFiles: [],
    requestedBy,
    requestedAt,
  } satisfies DeskChangeRequestedData,
});
const declined = (changeId: string) => ({
  streamId: `desk-change-${changeId}`,
  type: 'DeskChangeDeclined',
  data: { changeId, declinedBy: 'admin-b', declinedAt: '2026-11-27T09:30:00.000Z', note: 'No' },
});
const confirmed = (changeId: string) => ({
  streamId: `desk-change-${changeId}`,
  type: 'DeskChangeConfirmed',
  data: { changeId, confirmedBy: 'admin-a', confirmedAt: '2026-11-27T10:10:00.000Z' },
});

/** Events in, rows out: the pending-changes list as the projection builds it from a change's events. */
describe('desk-changes read model', () => {
  const ids = { first: crypto.randomUUID(), second: crypto.randomUUID(), ended: crypto.randomUUID() };
  const given = [
    requested(ids.second, 'admin-a', '2026-11-27T10:05:00.000Z'),
    requested(ids.first, 'admin-b', '2026-11-27T10:00:00.000Z'),
    requested(ids.ended, 'admin-a', '2026-11-27T09:00:00.000Z'),
  ];

  it('keeps each change with its status lifted out; one that ends keeps how it ended', async ({ readModels }) => {
    const then = await spec(readModels)
      .given(...given)
      .when(declined(ids.ended));
    await then.thenRows(
      'rm_desk_changes',
      [
        {
          id: ids.ended,
          kind: 'global_settings',
          tenant_id: null,
          status: 'declined',
          requested_by: 'admin-a',
          ended_at: new Date('2026-11-27T09:30:00.000Z'),
        },
        { id: ids.first, status: 'pending', requested_by: 'admin-b', requested_at: new Date('2026-11-27T10:00:00.000Z'), ended_at: null },
        { id: ids.second, status: 'pending', requested_by: 'admin-a', ended_at: null },
      ],
      'requested_at',
    );
    // The lists read those rows: what waits, oldest first, then what ended, with how it ended.
    const listed = await listDeskChanges(readModels, 10);
    expect(listed.map((c) => [c.request.changeId, c.status])).toEqual([
      [ids.first, 'pending'],
      [ids.second, 'pending'],
      [ids.ended, 'declined'],
    ]);
    expect(listed[2]).toMatchObject({ endedBy: 'admin-b', endedAt: '2026-11-27T09:30:00.000Z', note: 'No' });
    expect((await pendingDeskChanges(readModels)).map((c) => c.request.changeId)).toEqual([ids.first, ids.second]);
    // For each admin, the changes another admin asked for.
    expect(await countWaitingFor(readModels, 'admin-a')).toBe(1);
    expect(await countWaitingFor(readModels, 'admin-b')).toBe(1);
    expect(await countWaitingFor(readModels, 'admin-c')).toBe(2);
  });

  it('moves a change out of the waiting list when it is confirmed', async ({ readModels }) => {
    const then = await spec(readModels)
      .given(...given, declined(ids.ended))
      .when(confirmed(ids.first));
    await then.thenRows(
      'rm_desk_changes',
      [
        { id: ids.ended, status: 'declined' },
        { id: ids.first, status: 'confirmed', ended_at: new Date('2026-11-27T10:10:00.000Z') },
        { id: ids.second, status: 'pending' },
      ],
      'requested_at',
    );
    expect((await listDeskChanges(readModels, 10)).map((c) => [c.request.changeId, c.status])).toEqual([
      [ids.second, 'pending'],
      [ids.first, 'confirmed'],
      [ids.ended, 'declined'],
    ]);
  });
});
