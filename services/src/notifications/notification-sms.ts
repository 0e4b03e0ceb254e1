import { sql, type Kysely } from 'kysely';
import { logger } from '@desk/platform/logging/logger';
import type { JobPayloads } from '../jobs/job-queue';
import type { ServicesDatabase, SmsStatus } from '../db/services-database';
import type { SmsSender, TextMessage } from '../sms/sms-sender';
import { decideSms } from './sms-decision';
import { messageFor, type BrandSmsTemplates } from './sms-templates';

/** What the job carries: the notification as the projection made it (its id is the event's). */
export type NotificationSmsJob = JobPayloads['notification.sms'];

export interface NotificationSmsDeps {
  db: Kysely<ServicesDatabase>;
  sms: SmsSender;
  templates: (tenantId: string) => Promise<BrandSmsTemplates>;
  brandName: (tenantId: string) => Promise<string>;
  now?: () => Date;
}

/** How long a worker holds a claim while the gateway answers (its timeout is 10 s): past it, another may try. */
export const CLAIM_MS = 60_000;
const HOUR_MS = 3_600_000;

type Claimed = { message: TextMessage } | null;

/**
 * The `notification.sms` job: a notification's SMS, sent once however many workers run it or
 * however often it is queued. Under a per-customer advisory lock, the first run decides (phone,
 * opt-out, template, the hourly cap: sms-decision.ts) and records the outcome with the filled text;
 * a `sending` row is claimed for CLAIM_MS, sent, then marked `sent`. A later run finds a final row
 * and does nothing; one that finds a `sending` row whose claim lapsed (a worker that failed or
 * died) sends the same text again with the same message id. So a message is sent at least once
 * and, short of a worker dying after the gateway took it, exactly once.
 */
export function notificationSmsJob(deps: NotificationSmsDeps) {
  const now = deps.now ?? (() => new Date());
  return async (job: NotificationSmsJob): Promise<void> => {
    const claimed = await claim(deps, job, now());
    if (!claimed) return;
    try {
      await deps.sms.sendText(claimed.message);
    } catch (error) {
      await deps.db
        .updateTable('notification_sms')
        .set((eb) => ({ claimed_until: null, attempts: eb('attempts', '+', 1), last_error: (error as Error).message.slice(0, 200) }))
        .where('notification_id', '=', job.notificationId)
        .execute();
      throw error;
    }
    await deps.db
      .updateTable('notification_sms')
      .set((eb) => ({ status: 'sent', sent_at: now(), claimed_until: null, attempts: eb('attempts', '+', 1), last_error: null }))
      .where('notification_id', '=', job.notificationId)
      .execute();
  };
}

/** How often, and how long apart, a job asks again for a customer's lock another job holds. */
const LOCK_TRIES = 100;
const LOCK_RETRY_MS = 50;

async function claim(deps: NotificationSmsDeps, job: NotificationSmsJob, at: Date): Promise<Claimed> {
  // Read before the transaction: inside it, a second connection from the same pool per job deadlocked
  // the pool once ten jobs waited on one customer's lock (review 11, F1).
  const brand = { templates: await deps.templates(job.tenantId), name: await deps.brandName(job.tenantId) };
  for (let attempt = 1; ; attempt++) {
    const outcome = await deps.db.transaction().execute(async (trx) => {
      // One decision at a time per customer: two workers cannot both see four sent and send the fifth and sixth.
      // Tried, not waited for: a job waiting on the lock would hold its connection for as long as the holder takes.
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_xact_lock(hashtextextended(${`notification-sms:${job.userId}`}, 0)) as locked`.execute(trx);
      return rows[0]?.locked ? { claimed: await claimLocked(trx, brand, deps, job, at) } : null;
    });
    if (outcome) return outcome.claimed;
    if (attempt >= LOCK_TRIES) throw new Error(`notification SMS: customer ${job.userId} stayed locked; the job is retried`);
    await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
}

type Brand = { templates: BrandSmsTemplates; name: string };

async function claimLocked(trx: Kysely<ServicesDatabase>, brand: Brand, deps: NotificationSmsDeps, job: NotificationSmsJob, at: Date): Promise<Claimed> {
  const row = await trx
    .selectFrom('notification_sms')
    .select(['status', 'claimed_until', 'phone', 'text', 'dlt_template_id', 'dlt_entity_id', 'sender_id'])
    .where('notification_id', '=', job.notificationId)
    .executeTakeFirst();
  const until = new Date(at.getTime() + CLAIM_MS);
  if (row) {
    if (row.status !== 'sending' || (row.claimed_until && row.claimed_until > at)) return null;
    await trx.updateTable('notification_sms').set({ claimed_until: until }).where('notification_id', '=', job.notificationId).execute();
    return { message: storedMessage(job.notificationId, row) };
  }
  const decided = await decide(trx, brand, deps, job, at);
  await trx
    .insertInto('notification_sms')
    .values({
      notification_id: job.notificationId,
      user_id: job.userId,
      tenant_id: job.tenantId,
      kind: job.kind,
      status: decided.status,
      phone: decided.phone,
      text: decided.status === 'sending' ? decided.message.text : null,
      dlt_template_id: decided.message.dltTemplateId,
      dlt_entity_id: decided.message.dltEntityId,
      sender_id: decided.message.senderId,
      decided_at: at,
      claimed_until: decided.status === 'sending' ? until : null,
    })
    .execute();
  if (decided.status !== 'sending') {
    logger.info('notification SMS not sent', { notification: job.notificationId, kind: job.kind, why: decided.status });
    return null;
  }
  return { message: { id: job.notificationId, phone: decided.phone ?? '', ...decided.message } };
}

async function decide(trx: Kysely<ServicesDatabase>, brand: Brand, deps: NotificationSmsDeps, job: NotificationSmsJob, at: Date) {
  const user = await trx.selectFrom('users').select('phone').where('id', '=', job.userId).executeTakeFirst();
  const preference = await trx.selectFrom('notification_preferences').select('optional_sms').where('user_id', '=', job.userId).executeTakeFirst();
  const { count } = await trx
    .selectFrom('notification_sms')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', job.userId)
    .where('status', 'in', ['sending', 'sent'])
    .where('decided_at', '>', new Date(at.getTime() - HOUR_MS))
    .executeTakeFirstOrThrow();
  const message = messageFor(brand.templates, brand.name, job);
  const status: Exclude<SmsStatus, 'sent'> = decideSms({
    kind: job.kind,
    phone: user?.phone ?? null,
    optionalSms: preference?.optional_sms ?? true,
    sentInLastHour: Number(count),
    needsDltTemplate: deps.sms.name === 'http',
    hasDltTemplate: message.dltTemplateId !== null,
  });
  return { status, phone: user?.phone ?? null, message };
}

/** The message a claimed row records: a retry sends exactly what the first try did. */
function storedMessage(
  id: string,
  row: { phone: string | null; text: string | null; dlt_template_id: string | null; dlt_entity_id: string | null; sender_id: string | null },
): TextMessage {
  return { id, phone: row.phone ?? '', text: row.text ?? '', dltTemplateId: row.dlt_template_id, dltEntityId: row.dlt_entity_id, senderId: row.sender_id };
}
