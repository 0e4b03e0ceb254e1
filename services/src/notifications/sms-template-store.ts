import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { streamId } from '@desk/platform/eventstore/stream-id';
import type { ServicesDatabase } from '../db/services-database';
import { NO_BRAND_TEMPLATES, type BrandSmsTemplates } from './sms-templates';

/** The event a change of a brand's SMS templates is recorded as (docs/event-catalogue.md). */
export const SMS_TEMPLATES_CHANGED = 'SmsTemplatesChanged';
export const smsTemplatesStream = (tenantId: string) => streamId('smstemplates', tenantId);

/**
 * A brand's SMS templates (sms-templates.ts): kept in `sms_templates`, each change also an
 * SmsTemplatesChanged event with the whole set before and after, appended inside the transaction
 * that changes the row (a failed append changes nothing), as the user trail does.
 */
export class SmsTemplateStore {
  constructor(
    private readonly db: Kysely<ServicesDatabase>,
    private readonly events: EventStore,
  ) {}

  async get(tenantId: string): Promise<BrandSmsTemplates> {
    const row = await this.db
      .selectFrom('sms_templates')
      .select(['dlt_entity_id', 'sender_id', 'templates'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row) return NO_BRAND_TEMPLATES;
    return { dltEntityId: row.dlt_entity_id, senderId: row.sender_id, templates: row.templates as BrandSmsTemplates['templates'] };
  }

  async set(tenantId: string, next: BrandSmsTemplates, metadata: EventMetadata): Promise<BrandSmsTemplates> {
    await this.db.transaction().execute(async (trx) => {
      // One change of a brand's templates at a time, so each event's `before` is what the one before it left.
      await sql`select pg_advisory_xact_lock(hashtextextended(${`sms-templates:${tenantId}`}, 0))`.execute(trx);
      const before = await new SmsTemplateStore(trx, this.events).get(tenantId);
      await trx
        .insertInto('sms_templates')
        .values({
          tenant_id: tenantId,
          dlt_entity_id: next.dltEntityId,
          sender_id: next.senderId,
          templates: JSON.stringify(next.templates),
          changed_by: metadata.actor.id,
        })
        .onConflict((oc) =>
          oc.column('tenant_id').doUpdateSet({
            dlt_entity_id: next.dltEntityId,
            sender_id: next.senderId,
            templates: JSON.stringify(next.templates),
            changed_at: new Date(),
            changed_by: metadata.actor.id,
          }),
        )
        .execute();
      await this.events.append(
        smsTemplatesStream(tenantId),
        [
          {
            eventId: randomUUID(),
            type: SMS_TEMPLATES_CHANGED,
            data: { tenantId, before, after: next, changedAt: metadata.acceptedAt },
            metadata: { ...metadata, tenantId },
          },
        ],
        { expected: 'any' },
      );
    });
    return next;
  }
}
