import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { EventStore, RecordedEvent } from '@desk/platform/eventstore/event-store';
import { ChainWalker, describeBreak } from '@desk/platform/eventstore/chain/verify-chain';
import { emptyOrder, evolveOrder, orderView, type OrderSnapshot } from '@desk/machines/order/order-state';
import type { OrderEvent } from '@desk/machines/order/order.events';
import type { ServicesDatabase } from '../db/services-database';
import type { ProofLink } from '../files/proof-links';
import { coversTenant, type AdminScope } from '../identity/admin-scope';
import { withoutOtherBrandAccounts } from '../identity/other-brand-accounts';
import { eventActors, hiddenFrom, seenBy, staffIdsIn, withholdStaffIds } from '../identity/event-actors';
import { adminOrderJson, adminOrderJsonSchema } from '../orders/order-json';
import { orderStream } from '../orders/order-store';
import { jsonChanges } from './json-changes';
import { eventActorJsonSchema } from './logged-event-json';

export interface ReplayDeps {
  store: EventStore;
  users: Kysely<ServicesDatabase>;
  brandNames: () => Promise<ReadonlyMap<string, string>>;
}

type OrderJson = ReturnType<typeof adminOrderJson>;

/**
 * The order as compliance reads it at a step or a moment: the admin's order, with the operator's
 * staff unnamed (the Operator) to a brand's officer, as a brand's admin reads them.
 */
export const complianceOrderJsonSchema = adminOrderJsonSchema.describe(
  "The admin's order (GET /admin/orders/{id}), the operator's staff unnamed to a brand's officer",
);

/** One event of an order's replay: what happened, who, from where, its hash, and the order after it. */
const replayStepJsonSchema = z.object({
  index: z.number().int(),
  streamPosition: z.number().int(),
  eventId: z.string(),
  type: z.string(),
  recordedAt: z.iso.datetime(),
  acceptedAt: z.string().describe('When the command was accepted (ISO 8601)'),
  actor: eventActorJsonSchema.extend({ role: z.enum(['customer', 'admin', 'compliance', 'system']) }),
  ip: z.string().nullable(),
  userAgent: z.string().nullable().describe('As the client reported it'),
  clientRequestId: z.string().nullable().describe('As the client reported it'),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  data: z.unknown(),
  hash: z.string().describe("Hex SHA-256 chaining the event to the one before it in the order's stream"),
  previousHash: z.string().nullable(),
  state: complianceOrderJsonSchema.nullable().describe('The order after the event (null if the machine could not fold it)'),
  changes: z.array(z.object({ path: z.string(), from: z.unknown(), to: z.unknown() })).describe('What the event changed, leaf by leaf'),
  foldError: z.string().nullable().describe('Why the machine refused the stored event (a tampered log), if it did'),
});

/** An order's replay as compliance reads it (replayOrder). */
export const orderReplayJsonSchema = z.object({
  orderId: z.string(),
  refCode: z.string().nullable(),
  tenantId: z.string(),
  chain: z
    .object({ intact: z.boolean(), brokenAt: z.number().int().nullable(), reason: z.string().nullable() })
    .describe("Whether the stream's hash chain holds, and where and why it breaks"),
  steps: z.array(replayStepJsonSchema),
});

/** An order as it stood at a moment (orderAsOf). */
export const orderAsOfJsonSchema = z.object({
  order: complianceOrderJsonSchema,
  asOf: z.iso.datetime(),
  eventCount: z.number().int().describe('The events recorded by then'),
  lastEventAt: z.iso.datetime(),
});

/** Signed links differ on every call: changes are found on the state without them. */
const comparable = (state: OrderJson | null) => (state ? { ...state, attachments: state.attachments.map(({ url: _url, ...rest }) => rest) } : {});

/** The order's events, or null when it does not exist or lies outside the reader's scope (both are 404). */
async function orderEvents(store: EventStore, orderId: string, scope: AdminScope): Promise<RecordedEvent[] | null> {
  const events = await store.readStream(orderStream(orderId));
  const tenantId = (events[0]?.data as { tenantId?: string } | undefined)?.tenantId;
  return tenantId && coversTenant(scope, tenantId) ? events : null;
}

/**
 * Every event of an order in order, with its metadata, the hash that chains it, and the order's
 * full state after it, folded by the same machine that decided the commands, with what changed.
 * Read from the stream itself, never from a read model. A stored event the machine refuses (the
 * log was tampered with, or the machine changed) is shown with the refusal instead of a new state.
 */
/** `proofLink` signs the order's proof files for the officer reading it (proof-links.ts). */
export async function replayOrder(deps: ReplayDeps, orderId: string, scope: AdminScope, proofLink: ProofLink) {
  const events = await orderEvents(deps.store, orderId, scope);
  if (!events) return null;
  const [actors, names] = await Promise.all([
    eventActors(
      deps.users,
      events.flatMap((e) => [e.metadata.actor.id, ...staffIdsIn(e.data)]),
    ),
    deps.brandNames(),
  ]);
  const hidden = hiddenFrom(scope, actors);
  const walker = new ChainWalker();
  let snapshot: OrderSnapshot = emptyOrder();
  let previous: OrderJson | null = null;
  let brokenAt: number | null = null;
  let breakReason: string | null = null;
  const steps = events.map((event, index) => {
    const broke = walker.add(event);
    if (broke && brokenAt === null) [brokenAt, breakReason] = [index, describeBreak(broke)];
    let foldError: string | null = null;
    try {
      snapshot = evolveOrder(snapshot, { type: event.type, data: event.data } as OrderEvent);
    } catch (error) {
      foldError = (error as Error).message;
    }
    const view = orderView(snapshot);
    const state = view ? (withholdStaffIds(adminOrderJson(view, proofLink, names), hidden) as OrderJson) : null;
    const changes = jsonChanges(comparable(previous), comparable(state));
    previous = state;
    const actor = actors.get(event.metadata.actor.id);
    // A brand's compliance officer sees who of their brand acted; the operator's staff stay unnamed.
    const shown = seenBy(scope, actor);
    return {
      index,
      streamPosition: Number(event.streamPosition),
      eventId: event.eventId,
      type: event.type,
      recordedAt: event.recordedAt.toISOString(),
      acceptedAt: event.metadata.acceptedAt,
      actor: shown
        ? { id: event.metadata.actor.id, role: event.metadata.actor.role, phone: actor?.phone ?? null, username: actor?.username ?? null }
        : { id: null, role: event.metadata.actor.role, phone: null, username: 'Operator' },
      ip: shown ? event.metadata.ip : null,
      // What the client said of itself: its browser and its own request id, shown as reported.
      userAgent: shown ? event.metadata.userAgent : null,
      clientRequestId: shown ? (event.metadata.clientRequestId ?? null) : null,
      correlationId: event.metadata.correlationId,
      causationId: event.metadata.causationId,
      data: withoutOtherBrandAccounts(event.type, withholdStaffIds(event.data, hidden), scope),
      hash: event.hash,
      previousHash: index === 0 ? null : events[index - 1]!.hash,
      state,
      changes,
      foldError,
    };
  });
  const latest = steps[steps.length - 1]?.state;
  return {
    orderId,
    refCode: latest?.refCode ?? null,
    tenantId: (events[0]!.data as { tenantId: string }).tenantId,
    chain: { intact: brokenAt === null, brokenAt, reason: breakReason },
    steps,
  };
}

/** The order as it stood at `asOf`: folded from the events recorded by then; null if it did not exist yet. */
export async function orderAsOf(deps: ReplayDeps, orderId: string, scope: AdminScope, asOf: Date, proofLink: ProofLink) {
  const events = await orderEvents(deps.store, orderId, scope);
  if (!events) return null;
  const known = events.filter((e) => e.recordedAt.getTime() <= asOf.getTime());
  if (known.length === 0) return null;
  const snapshot = known.reduce((s, e) => evolveOrder(s, { type: e.type, data: e.data } as OrderEvent), emptyOrder());
  const view = orderView(snapshot)!;
  return {
    order: adminOrderJson(view, proofLink, await deps.brandNames()),
    asOf: asOf.toISOString(),
    eventCount: known.length,
    lastEventAt: known[known.length - 1]!.recordedAt.toISOString(),
  };
}
