import { sql, type Kysely } from 'kysely';

/**
 * A brand's SMS to its customers as registered on India's DLT (TRAI): the principal entity id, the
 * sender id (header), and per message its text and template id. No row, or no entry for a message:
 * the English default text, with no template id. Set by the operator's admins only; every change is
 * also an SmsTemplatesChanged event on the brand's `smstemplates-<tenantId>` stream.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table sms_templates (
      tenant_id text primary key,
      dlt_entity_id text,
      sender_id text,
      templates jsonb not null,
      changed_at timestamptz not null default now(),
      changed_by text not null
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table sms_templates`.execute(db);
}
