import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { newestNotificationAt, notificationIdsAfter, ownNotifications } from '@desk/projections/read-models/notifications/notifications.queries';
import { NotFoundError } from '@desk/platform/errors/domain-error';
import type { ServicesDatabase } from '../db/services-database';

/** Unread counts stop here: the bell shows "99+" past it. */
export const UNREAD_COUNTED = 100;

export interface ReadState {
  readThrough: Date | null;
  readIds: ReadonlySet<string>;
}

export const isRead = (state: ReadState, row: { id: string; createdAt: Date }): boolean =>
  (state.readThrough !== null && row.createdAt <= state.readThrough) || state.readIds.has(row.id);

/**
 * What a customer has read in the bell (migration 037): everything up to `read_through` ("mark all
 * read" moves it to their newest notification's time, not the clock's: one projected later with an
 * older time was not seen), and each read one by one after it.
 */
export class NotificationReads {
  constructor(
    private readonly db: Kysely<ServicesDatabase>,
    private readonly readModels: Kysely<ReadModelDatabase>,
  ) {}

  async state(userId: string): Promise<ReadState> {
    const mark = await this.db.selectFrom('notification_read_marks').select('read_through').where('user_id', '=', userId).executeTakeFirst();
    const reads = await this.db.selectFrom('notification_reads').select('notification_id').where('user_id', '=', userId).execute();
    return { readThrough: mark?.read_through ?? null, readIds: new Set(reads.map((r) => r.notification_id)) };
  }

  async unread(userId: string, state: ReadState): Promise<number> {
    const ids = await notificationIdsAfter(this.readModels, userId, state.readThrough, UNREAD_COUNTED + state.readIds.size);
    return Math.min(UNREAD_COUNTED, ids.filter((id) => !state.readIds.has(id)).length);
  }

  async markAll(userId: string): Promise<void> {
    const newest = await newestNotificationAt(this.readModels, userId);
    if (!newest) return;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('notification_read_marks')
        .values({ user_id: userId, read_through: newest })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet((eb) => ({ read_through: eb.fn('greatest', ['notification_read_marks.read_through', eb.ref('excluded.read_through')]) })),
        )
        .execute();
      await trx.deleteFrom('notification_reads').where('user_id', '=', userId).where('notified_at', '<=', newest).execute();
    });
  }

  /** Marks the customer's own notifications read; one id that is not theirs (or no one's) refuses them all with 404. */
  async mark(userId: string, ids: readonly string[]): Promise<void> {
    const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
    const own = await ownNotifications(this.readModels, userId, wanted);
    if (own.length !== wanted.length) throw new NotFoundError('Notification not found');
    await this.db
      .insertInto('notification_reads')
      .values(own.map((n) => ({ user_id: userId, notification_id: n.id, notified_at: n.createdAt })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
