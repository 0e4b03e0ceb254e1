import { z } from 'zod';

/**
 * Who, when and from where: recorded on every event, read by compliance when replaying an order.
 * `acceptedAt` is when the command was accepted, which may differ from when the store recorded it.
 * The server's facts (actor, tenant, address from the trusted proxy hops, its own correlation id,
 * time) stand apart from what only the client says: `userAgent` is the browser as the client
 * reported it, `clientRequestId` the request id it sent (absent when none); screens name both as
 * reported, never as facts.
 */
export const eventMetadataSchema = z.object({
  actor: z.object({
    id: z.string().min(1),
    role: z.enum(['customer', 'admin', 'compliance', 'system']),
  }),
  tenantId: z.string().min(1),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  correlationId: z.string().min(1),
  causationId: z.string().nullable(),
  acceptedAt: z.iso.datetime({ offset: true }),
  clientRequestId: z.string().max(100).optional(),
  /**
   * The server's id for the request an Idempotency-Key stands for (services/src/http/idempotency.ts):
   * the same when a retry runs again after the first run's process died, so the retry finds the
   * events its first run appended (CommandHandler) instead of acting twice.
   */
  idempotencyId: z.uuid().optional(),
  /**
   * Set when this request runs again under its `idempotencyId` (its key taken over after a death, or
   * retried after a 5xx answer): only then may its first run have left work, and only then does a
   * command read a trail to find it (decision 0062). On the events such a run appends, it says so.
   */
  rerun: z.literal(true).optional(),
});

export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/** Metadata of what the system does on its own (a timer, a start-up step): no person, no address. */
export function systemMetadata(tenantId: string, actorId: string, at = new Date()): EventMetadata {
  return {
    actor: { id: actorId, role: 'system' },
    tenantId,
    ip: null,
    userAgent: null,
    correlationId: `${actorId}-${at.getTime()}`,
    causationId: null,
    acceptedAt: at.toISOString(),
  };
}
