import { sql } from 'kysely';
import { UUID } from '../http/server-ids';
import { DomainError, NotFoundError } from '@desk/platform/errors/domain-error';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import type { JobQueue } from '../jobs/job-queue';
import type { AdminScope } from '../identity/admin-scope';
import type { WebhookDb } from './webhook-database';
import type { WebhookEndpoints } from './webhook-endpoints';
import { signatureHeader } from './sign-delivery';
import { sendDelivery, type SendRequest, type SendResult } from './webhook-sender';

/** After a failed attempt, the next one waits: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h (just under a day in all), then `failed`. */
export const RETRY_DELAYS_MS: readonly number[] = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000];
/** An attempt whose secret would not open: nothing is sent unsigned. */
const UNREADABLE_SECRET: SendResult = {
  statusCode: null,
  error: 'The signing secret could not be read (the server key changed): make a new secret for this endpoint',
  durationMs: 0,
  excerpt: '',
};
/** How long an attempt holds its delivery: past it (the process died mid-send), the sweep may try again. */
const SENDING_LEASE_MS = 60_000;

export interface DispatchOptions {
  production: boolean;
  retryDelaysMs?: readonly number[];
  /** Tests stand in their own sender; the desk sends over HTTP. */
  send?: (request: SendRequest, production: boolean) => Promise<SendResult>;
}

class DeliveryInFlight extends DomainError {
  constructor() {
    super('delivery_in_flight', 409, 'This delivery is being sent right now. Try again in a minute.');
  }
}

/**
 * Sends deliveries (decision 0039): one `webhook.deliver` job per attempt. A job claims its delivery
 * in the database first (due, not disabled, not being sent by anyone else), so no two attempts of
 * one delivery ever run at once whatever the queue does; the attempt, its answer and the next due
 * time are recorded together, and a retry is queued for when it is due. The database is the truth:
 * a sweep queues anything due that a lost timer or a crash left behind.
 */
export class WebhookDispatch {
  private readonly delays: readonly number[];
  private readonly send: NonNullable<DispatchOptions['send']>;

  constructor(
    private readonly db: WebhookDb,
    private readonly endpoints: WebhookEndpoints,
    private readonly queue: JobQueue,
    private readonly options: DispatchOptions,
  ) {
    this.delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.send = options.send ?? sendDelivery;
  }

  /** Queues the first attempt of new deliveries. */
  async queueNew(deliveries: readonly { id: string }[]): Promise<void> {
    for (const { id } of deliveries) await this.queueAttempt(id, 1, 0);
  }

  /** The job: one attempt of one delivery, if it is still due. */
  async deliver(deliveryId: string): Promise<void> {
    const claimed = await this.claim(deliveryId);
    if (!claimed) return;
    const { delivery, endpoint } = claimed;
    const now = new Date();
    const secrets = this.secretsOf(endpoint, now);
    const result = secrets
      ? await this.send(
          {
            url: endpoint.url,
            body: delivery.body,
            headers: {
              'x-desk-signature': signatureHeader(delivery.body, secrets, Math.floor(now.getTime() / 1000)),
              'x-desk-delivery': delivery.id,
              'x-desk-event': delivery.event_type,
            },
          },
          this.options.production,
        )
      : UNREADABLE_SECRET;
    const next = await this.record(delivery, now, result);
    if (next !== null) await this.queueAttempt(deliveryId, delivery.attempts + 2, next);
  }

  /**
   * The endpoint's live secrets; null when they no longer open (the token secret they were sealed
   * with was changed): the attempt then fails in the log, saying so, instead of failing unseen.
   */
  private secretsOf(endpoint: Parameters<WebhookEndpoints['liveSecrets']>[0], now: Date): string[] | null {
    try {
      return this.endpoints.liveSecrets(endpoint, now);
    } catch {
      return null;
    }
  }

  /** Queues every delivery due a while ago that no job picked up (a restart lost its timers, a job died). */
  async sweep(): Promise<number> {
    const due = await this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select(['d.id', 'd.attempts'])
      .where('d.state', 'in', ['pending', 'retrying'])
      .where('e.enabled', '=', true)
      .where('d.next_attempt_at', '<=', sql<Date>`now() - interval '30 seconds'`)
      .where((eb) => eb.or([eb('d.sending_until', 'is', null), eb('d.sending_until', '<', sql<Date>`now()`)]))
      .orderBy('d.next_attempt_at')
      .limit(500)
      .execute();
    const tick = Date.now();
    for (const row of due)
      await this.queue.add('webhook.deliver', { deliveryId: row.id }, { jobId: `webhook-${row.id}-${row.attempts + 1}-${tick}`, attempts: 1 });
    return due.length;
  }

  /** An admin's Redeliver: a new attempt now under the same delivery id, and the retries again if it fails. */
  async redeliver(scope: AdminScope, deliveryId: string, metadata: EventMetadata): Promise<void> {
    if (!UUID.test(deliveryId)) throw new NotFoundError('Delivery not found');
    const delivery = await this.db.selectFrom('webhook_deliveries').select(['endpoint_id', 'event_type']).where('id', '=', deliveryId).executeTakeFirst();
    // Scope through the endpoint: another brand's delivery is as missing as one that never was.
    const endpoint = delivery ? await this.endpoints.get(scope, delivery.endpoint_id).catch(() => null) : null;
    if (!delivery || !endpoint) throw new NotFoundError('Delivery not found');
    // Its re-run after a takeover or a 5xx (decision 0062) finds the redelivery its first run asked for
    // on the endpoint's trail: the delivery is not sent, nor the request recorded, a second time. A
    // first run (not `rerun`) has nothing there under its fresh id, and reads no trail.
    if (metadata.idempotencyId && metadata.rerun && (await this.endpoints.recordedBy(endpoint.id, 'WebhookRedeliveryRequested', metadata.idempotencyId)))
      return;
    const reset = await this.db
      .updateTable('webhook_deliveries')
      .set({ state: 'pending', round_attempts: 0, manual: true, next_attempt_at: new Date(), updated_at: new Date() })
      .where('id', '=', deliveryId)
      .where((eb) => eb.or([eb('sending_until', 'is', null), eb('sending_until', '<', sql<Date>`now()`)]))
      .returning('attempts')
      .executeTakeFirst();
    if (!reset) throw new DeliveryInFlight();
    await this.endpoints.recordRedelivery(endpoint, deliveryId, delivery.event_type, metadata);
    await this.queueAttempt(deliveryId, reset.attempts + 1, 0);
  }

  private queueAttempt(deliveryId: string, attempt: number, delayMs: number): Promise<void> {
    return this.queue.add('webhook.deliver', { deliveryId }, { jobId: `webhook-${deliveryId}-${attempt}`, delayMs, attempts: 1 });
  }

  private async claim(deliveryId: string) {
    const claimed = await this.db
      .updateTable('webhook_deliveries')
      .set({ sending_until: sql<Date>`now() + ${`${SENDING_LEASE_MS} milliseconds`}::interval` })
      .where('id', '=', deliveryId)
      .where('state', 'in', ['pending', 'retrying'])
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .where((eb) => eb.or([eb('sending_until', 'is', null), eb('sending_until', '<', sql<Date>`now()`)]))
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('webhook_endpoints as e').select('e.id').whereRef('e.id', '=', 'endpoint_id').where('e.enabled', '=', true)),
      )
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return null;
    const endpoint = await this.db
      .selectFrom('webhook_endpoints')
      .select(['id', 'url', 'secret_sealed', 'previous_secret_sealed', 'previous_valid_until'])
      .where('id', '=', claimed.endpoint_id)
      .executeTakeFirst();
    return endpoint ? { delivery: claimed, endpoint } : null;
  }

  /** Records the attempt and the delivery's new state; answers the delay before the next attempt, or null for none. */
  private async record(
    delivery: { id: string; attempts: number; round_attempts: number; manual: boolean },
    at: Date,
    result: SendResult,
  ): Promise<number | null> {
    const delivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const delay = delivered ? null : (this.delays[delivery.round_attempts] ?? null);
    const state = delivered ? 'delivered' : delay === null ? 'failed' : 'retrying';
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('webhook_attempts')
        .values({
          delivery_id: delivery.id,
          number: delivery.attempts + 1,
          manual: delivery.manual,
          attempted_at: at,
          duration_ms: result.durationMs,
          status_code: result.statusCode,
          error: result.error,
          response_excerpt: result.excerpt,
        })
        .execute();
      await trx
        .updateTable('webhook_deliveries')
        .set({
          state,
          attempts: delivery.attempts + 1,
          round_attempts: delivery.round_attempts + 1,
          manual: false,
          next_attempt_at: delay === null ? null : new Date(Date.now() + delay),
          sending_until: null,
          last_status: result.statusCode,
          last_error: result.error,
          updated_at: new Date(),
        })
        .where('id', '=', delivery.id)
        .execute();
    });
    return delay;
  }
}
