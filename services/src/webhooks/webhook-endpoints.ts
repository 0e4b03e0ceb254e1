import { randomUUID } from 'node:crypto';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { sql } from 'kysely';
import { DomainError, fixedError, NotFoundError } from '@desk/platform/errors/domain-error';
import { streamId } from '@desk/platform/eventstore/stream-id';
import { coversTenant, type AdminScope } from '../identity/admin-scope';
import type { SecretSeal } from '../identity/sealed-secret';
import type { WebhookDb, WebhookEndpointsTable } from './webhook-database';
import { WEBHOOK_STREAM, type WebhookEndpointEvent } from './webhook-endpoint.events';
import { newSigningSecret } from './sign-delivery';
import { urlForTrail } from './endpoint-url';
import { newestFirstPage, type PageCursor } from '../http/page-cursor';
import { SECRET_NOT_REPLAYED } from '../http/idempotency';

import { UUID } from '../http/server-ids';

/** Every delivery is sent to each endpoint: a brand's endpoints are capped so no one brand multiplies the desk's sending. */
export const MAX_ENDPOINTS_PER_BRAND = 10;
const TooManyEndpoints = fixedError('too_many_endpoints', 409, `A brand may have at most ${MAX_ENDPOINTS_PER_BRAND} webhook endpoints`);

/**
 * The retry of a registration or rotation its first run carried out (the answer with the secret lost,
 * its key taken over: decision 0062): refused as a replay of that answer is (idempotency.ts), with the
 * endpoint named so the caller can rotate its secret if it never saw it.
 */
export class SecretAlreadyIssued extends DomainError {
  constructor(readonly endpointId: string) {
    super(SECRET_NOT_REPLAYED.body.code, SECRET_NOT_REPLAYED.status, SECRET_NOT_REPLAYED.body.error);
  }

  override body(): Record<string, unknown> {
    return { ...super.body(), endpointId: this.endpointId };
  }
}

/** How long a rotated-out secret still signs: receivers have a day to take the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

export type EndpointRow = Omit<WebhookEndpointsTable, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };

export interface EndpointInput {
  tenantId: string;
  url: string;
  eventTypes: string[];
  description: string;
}

export type EndpointPatch = Partial<Omit<EndpointInput, 'tenantId'>> & { enabled?: boolean };

/**
 * A brand's webhook endpoints: registered, changed, rotated and deleted by its admins (an operator
 * admin for any brand), each change on the endpoint's stream with who, when and from where, appended
 * inside the transaction that makes it (as user-trail.ts does), so a failed append changes nothing.
 * Secrets are made here, sealed at rest, and returned in plain only to the call that made them.
 */
export class WebhookEndpoints {
  constructor(
    private readonly db: WebhookDb,
    private readonly store: EventStore,
    private readonly seal: SecretSeal,
  ) {}

  /** An endpoint in the admin's scope; another brand's reads as missing. */
  async get(scope: AdminScope, id: string): Promise<EndpointRow> {
    if (!UUID.test(id)) throw new NotFoundError('Webhook endpoint not found');
    const row = await this.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || !coversTenant(scope, row.tenant_id)) throw new NotFoundError('Webhook endpoint not found');
    return row;
  }

  /** A brand's endpoints (null: every brand), newest first: `limit + 1` rows, the extra one saying there is a next page. */
  async list(tenantId: string | null, limit: number, cursor: PageCursor | null): Promise<EndpointRow[]> {
    const endpoints = this.db.selectFrom('webhook_endpoints').selectAll();
    return newestFirstPage(tenantId === null ? endpoints : endpoints.where('tenant_id', '=', tenantId), limit, cursor);
  }

  /**
   * A request sent with an Idempotency-Key registers the endpoint its key stands for: the endpoint's
   * id is the request's (as an order's is), so a retry whose first run registered it (and died before
   * its answer was kept) finds it and makes no second endpoint, secret or trail event (decision 0062).
   */
  async register(input: EndpointInput, metadata: EventMetadata): Promise<{ endpoint: EndpointRow; secret: string }> {
    const id = metadata.idempotencyId ?? randomUUID();
    const secret = newSigningSecret();
    const endpoint = await this.db.transaction().execute(async (trx) => {
      // One brand's endpoints are counted one registration at a time (the brand's row lock); under the
      // same lock, a first run still going (paused, not dead) and its retry cannot both register.
      await sql`select pg_advisory_xact_lock(hashtext(${`webhook-endpoints:${input.tenantId}`}))`.execute(trx);
      if (metadata.idempotencyId && (await this.registeredBefore(trx, id, metadata.rerun === true))) throw new SecretAlreadyIssued(id);
      const { n } = await trx
        .selectFrom('webhook_endpoints')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tenant_id', '=', input.tenantId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= MAX_ENDPOINTS_PER_BRAND) throw new TooManyEndpoints();
      const row = await trx
        .insertInto('webhook_endpoints')
        .values({
          id,
          tenant_id: input.tenantId,
          url: input.url,
          description: input.description,
          event_types: input.eventTypes,
          enabled: true,
          secret_sealed: this.seal.seal(secret, id),
          previous_secret_sealed: null,
          previous_valid_until: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const data = { endpointId: id, tenantId: input.tenantId, url: urlForTrail(input.url), eventTypes: input.eventTypes, description: input.description };
      await this.record(row, { type: 'WebhookEndpointRegistered', data: { ...data, registeredAt: row.created_at.toISOString() } }, metadata);
      return row;
    });
    return { endpoint, secret };
  }

  async change(scope: AdminScope, id: string, patch: EndpointPatch, metadata: EventMetadata): Promise<EndpointRow> {
    if (!UUID.test(id)) throw new NotFoundError('Webhook endpoint not found');
    return this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!before || !coversTenant(scope, before.tenant_id)) throw new NotFoundError('Webhook endpoint not found');
      const after = {
        url: patch.url ?? before.url,
        description: patch.description ?? before.description,
        event_types: patch.eventTypes ?? before.event_types,
        enabled: patch.enabled ?? before.enabled,
      };
      const changed = (['url', 'description', 'event_types', 'enabled'] as const).filter((key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]));
      if (changed.length === 0) return before;
      const row = await trx
        .updateTable('webhook_endpoints')
        .set({ ...after, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const data = {
        endpointId: id,
        tenantId: row.tenant_id,
        url: urlForTrail(row.url),
        eventTypes: row.event_types,
        description: row.description,
        enabled: row.enabled,
        changed: changed.map((key) => (key === 'event_types' ? 'eventTypes' : key)),
      };
      await this.record(row, { type: 'WebhookEndpointChanged', data: { ...data, changedAt: row.updated_at.toISOString() } }, metadata);
      return row;
    });
  }

  /** A new secret; the one it replaces keeps signing beside it for a day. A second rotation within the day drops the oldest. */
  async rotate(scope: AdminScope, id: string, metadata: EventMetadata, now = new Date()): Promise<{ secret: string; previousValidUntil: Date }> {
    const secret = newSigningSecret();
    const previousValidUntil = new Date(now.getTime() + ROTATION_OVERLAP_MS);
    if (!UUID.test(id)) throw new NotFoundError('Webhook endpoint not found');
    await this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!before || !coversTenant(scope, before.tenant_id)) throw new NotFoundError('Webhook endpoint not found');
      // Its retry after a takeover would rotate again and drop the secret the receiver still uses at
      // once (a second rotation within the day drops the oldest): under the row's lock, it finds the
      // first run's rotation instead (decision 0062), as committed with the row.
      if (metadata.idempotencyId && (await rotatedBefore(trx, id, metadata.idempotencyId))) throw new SecretAlreadyIssued(id);
      const row = await trx
        .updateTable('webhook_endpoints')
        .set({
          secret_sealed: this.seal.seal(secret, id),
          previous_secret_sealed: before.secret_sealed,
          previous_valid_until: previousValidUntil,
          updated_at: now,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const data = { endpointId: id, tenantId: row.tenant_id, previousValidUntil: previousValidUntil.toISOString(), rotatedAt: now.toISOString() };
      if (metadata.idempotencyId) await keepRotation(trx, id, metadata.idempotencyId, now);
      await this.record(row, { type: 'WebhookSecretRotated', data }, metadata);
    });
    return { secret, previousValidUntil };
  }

  /** Deletes the endpoint with its deliveries and their attempts (its trail stays on its stream). */
  async remove(scope: AdminScope, id: string, metadata: EventMetadata): Promise<void> {
    if (!UUID.test(id)) throw new NotFoundError('Webhook endpoint not found');
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row || !coversTenant(scope, row.tenant_id)) throw new NotFoundError('Webhook endpoint not found');
      await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
      const data = { endpointId: id, tenantId: row.tenant_id, url: urlForTrail(row.url), deletedAt: new Date().toISOString() };
      await this.record(row, { type: 'WebhookEndpointDeleted', data }, metadata);
    });
  }

  /** The secrets that sign now: the current one, and the previous one during its overlap. */
  liveSecrets(row: Pick<EndpointRow, 'id' | 'secret_sealed' | 'previous_secret_sealed' | 'previous_valid_until'>, now = new Date()): string[] {
    const current = this.seal.open(row.secret_sealed, row.id);
    const overlapping = row.previous_secret_sealed && row.previous_valid_until && row.previous_valid_until > now;
    return overlapping ? [current, this.seal.open(row.previous_secret_sealed!, row.id)] : [current];
  }

  /** A redelivery asked for by an admin, on the endpoint's trail. */
  async recordRedelivery(row: Pick<EndpointRow, 'id' | 'tenant_id'>, deliveryId: string, eventType: string, metadata: EventMetadata): Promise<void> {
    const data = { endpointId: row.id, tenantId: row.tenant_id, deliveryId, eventType, requestedAt: new Date().toISOString() };
    await this.record(row, { type: 'WebhookRedeliveryRequested', data }, metadata);
  }

  /**
   * Whether the endpoint this request's id names was registered by its first run: it is there, or its
   * trail says it was deleted since. A registration on the trail with no row and no deletion is one
   * whose transaction did not commit after its event was appended (the first run failed): it is
   * registered now, as the first run meant to. The trail is read only on a re-run (`rerun`): a
   * first run's fresh id has no trail; the row is looked for always (a paused first run and its retry).
   */
  private async registeredBefore(trx: WebhookDb, id: string, rerun: boolean): Promise<boolean> {
    if (await trx.selectFrom('webhook_endpoints').select('id').where('id', '=', id).executeTakeFirst()) return true;
    return rerun && this.recordedBy(id, 'WebhookEndpointDeleted');
  }

  /** Whether the endpoint's trail holds an event of this type (appended under this request's id, if given). */
  async recordedBy(id: string, type: WebhookEndpointEvent['type'], idempotencyId?: string): Promise<boolean> {
    const trail = await this.store.readStream(streamId(WEBHOOK_STREAM, id));
    return trail.some((e) => e.type === type && (idempotencyId === undefined || e.metadata.idempotencyId === idempotencyId));
  }

  private async record(row: Pick<EndpointRow, 'id' | 'tenant_id'>, event: WebhookEndpointEvent, metadata: EventMetadata): Promise<void> {
    await this.store.append(
      streamId(WEBHOOK_STREAM, row.id),
      [{ eventId: randomUUID(), type: event.type, data: event.data, metadata: { ...metadata, tenantId: row.tenant_id } }],
      { expected: 'any' },
    );
  }
}

/**
 * Whether this request's first run rotated the endpoint's secret: its rotation is kept, by the
 * request's id, in the transaction that rotated (migration 040). Neither the trail nor the row could
 * say: the trail's event is appended before the transaction commits, so it is also what a first run
 * leaves that did not commit (review 16's F1), and the row's overlap may be another request's later
 * rotation (review 18). Both of those rotate now, as the first run meant to.
 */
async function rotatedBefore(trx: WebhookDb, endpointId: string, requestId: string): Promise<boolean> {
  const kept = await trx
    .selectFrom('webhook_rotations')
    .select('request_id')
    .where('endpoint_id', '=', endpointId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  return kept !== undefined;
}

/**
 * A keyed rotation kept for its re-runs; the endpoint's older than a key's life (24 h) with a day's
 * margin go. Only this endpoint's, under its row's lock: a prune across every brand's endpoints made
 * one brand's rotation wait on another's (review 21).
 */
async function keepRotation(trx: WebhookDb, endpointId: string, requestId: string, now: Date): Promise<void> {
  await trx
    .deleteFrom('webhook_rotations')
    .where('endpoint_id', '=', endpointId)
    .where('rotated_at', '<', new Date(now.getTime() - ROTATION_KEPT_MS))
    .execute();
  await trx.insertInto('webhook_rotations').values({ endpoint_id: endpointId, request_id: requestId, rotated_at: now }).execute();
}

const ROTATION_KEPT_MS = 2 * 24 * 60 * 60 * 1000;
