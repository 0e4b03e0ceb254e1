import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgEventStore } from '@desk/platform/eventstore/postgres/pg-event-store';
import type { DeskChangeEvent, DeskChangeRequestedData } from '@desk/machines/desk-changes/desk-change.events';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';
import { testMetadata } from '../../../../tests/support/event-factory';
import { ProjectionRunner } from '../../runtime/projection-runner';
import { rebuildProjection } from '../../runtime/rebuild';
import type { ReadModelDatabase } from '../../schema/read-model-database';
import { deskChangesProjection } from './desk-changes.projection';
import { countWaitingFor, listDeskChanges, pendingDeskChanges } from './desk-changes.queries';

const request = (changeId: string, requestedBy: string, requestedAt: string): DeskChangeRequestedData => ({
  changeId,
  tenantId: null,
  change: { kind: 'global_settings', patch: { controls: { fourEyesAboveInr: '0' } } },
  summary: [{ what: 'Second admin above', before: '₹2,00,000', after: 'off' }],
  reasons: ['It turns off the four-eyes threshold (a second admin above this amount), which was ₹2,00,000'],
  basis: { 'settings-default': null },
  storedFiles: [],
  requestedBy,
  requestedAt,
});

/** Events in, rows out: the pending-changes list as the projection builds it from a change's events. */
describe('desk-changes projection', () => {
  let database: TestDatabase;
  let store: PgEventStore;
  let db: Kysely<ReadModelDatabase>;
  const ids = { first: crypto.randomUUID(), second: crypto.randomUUID(), ended: crypto.randomUUID() };

  const append = (id: string, events: DeskChangeEvent[]) =>
    store.append(
      `desk-change-${id}`,
      events.map((e) => ({ eventId: crypto.randomUUID(), type: e.type, data: e.data, metadata: testMetadata() })),
      { expected: 'any' },
    );
  const project = async () =>
    expect(
      await new ProjectionRunner({ db, store, projection: deskChangesProjection, batchSize: 2, pollMs: 1000, standbyRetryMs: 100 }).runUntilCaughtUp(),
    ).toBe(true);

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PgEventStore({ pool: database.pool, connectionString: database.url });
    db = database.db as Kysely<ReadModelDatabase>;
    await append(ids.second, [{ type: 'DeskChangeRequested', data: request(ids.second, 'admin-a', '2026-11-27T10:05:00.000Z') }]);
    await append(ids.first, [{ type: 'DeskChangeRequested', data: request(ids.first, 'admin-b', '2026-11-27T10:00:00.000Z') }]);
    await append(ids.ended, [
      { type: 'DeskChangeRequested', data: request(ids.ended, 'admin-a', '2026-11-27T09:00:00.000Z') },
      { type: 'DeskChangeDeclined', data: { changeId: ids.ended, declinedBy: 'admin-b', declinedAt: '2026-11-27T09:30:00.000Z', note: 'No' } },
    ]);
    await project();
  });
  afterAll(() => database.drop());

  it('lists what waits, oldest first, then what ended, with how it ended', async () => {
    const listed = await listDeskChanges(db, 10);
    expect(listed.map((c) => [c.request.changeId, c.status])).toEqual([
      [ids.first, 'pending'],
      [ids.second, 'pending'],
      [ids.ended, 'declined'],
    ]);
    expect(listed[2]).toMatchObject({ endedBy: 'admin-b', endedAt: '2026-11-27T09:30:00.000Z', note: 'No' });
    expect((await pendingDeskChanges(db)).map((c) => c.request.changeId)).toEqual([ids.first, ids.second]);
  });

  it('counts for each admin the changes another admin asked for', async () => {
    expect(await countWaitingFor(db, 'admin-a')).toBe(1);
    expect(await countWaitingFor(db, 'admin-b')).toBe(1);
    expect(await countWaitingFor(db, 'admin-c')).toBe(2);
  });

  it('moves a change out of the waiting list when it ends, and rebuilds to the same rows', async () => {
    await append(ids.first, [{ type: 'DeskChangeConfirmed', data: { changeId: ids.first, confirmedBy: 'admin-a', confirmedAt: '2026-11-27T10:10:00.000Z' } }]);
    await project();
    expect((await listDeskChanges(db, 10)).map((c) => [c.request.changeId, c.status])).toEqual([
      [ids.second, 'pending'],
      [ids.first, 'confirmed'],
      [ids.ended, 'declined'],
    ]);
    const before = await db.selectFrom('rm_desk_changes').selectAll().orderBy('id').execute();
    await rebuildProjection({ db, store, projection: deskChangesProjection, batchSize: 1, restart: true, write: () => undefined });
    expect(await db.selectFrom('rm_desk_changes').selectAll().orderBy('id').execute()).toEqual(before);
  });
});
