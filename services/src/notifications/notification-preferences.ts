import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';

/** A customer's choice about the optional SMS (migration 036): sent unless they turned them off. */
export class NotificationPreferences {
  constructor(private readonly db: Kysely<ServicesDatabase>) {}

  async optionalSms(userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('notification_preferences').select('optional_sms').where('user_id', '=', userId).executeTakeFirst();
    return row?.optional_sms ?? true;
  }

  async setOptionalSms(userId: string, on: boolean): Promise<void> {
    await this.db
      .insertInto('notification_preferences')
      .values({ user_id: userId, optional_sms: on })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ optional_sms: on, changed_at: new Date() }))
      .execute();
  }
}
