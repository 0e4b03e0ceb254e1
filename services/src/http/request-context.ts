import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import type { ProxyTrust } from './proxy-trust';
import { clientRequestId } from './request-log';

export interface Actor {
  id: string;
  role: EventMetadata['actor']['role'];
  tenantId: string;
}

/**
 * Who, when and from where, for the events a request causes. The client IP comes from the trusted
 * proxy hops (TRUST_PROXY, proxy-trust.ts), else the socket's peer. The correlation id is the
 * server's id for the request; what only the client says (its browser, its own request id) is kept
 * as its claim, in fields the record and the screens name as reported.
 */
export function commandMetadata(c: Context, actor: Actor, trustProxy: ProxyTrust): EventMetadata {
  const theirs = clientRequestId(c);
  const idempotencyId = c.get('idempotencyId' as never) as string | undefined;
  const rerun = c.get('idempotencyRerun' as never) as boolean | undefined;
  return {
    actor: { id: actor.id, role: actor.role },
    tenantId: actor.tenantId,
    ip: clientIp(c, trustProxy),
    userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null,
    correlationId: correlationId(c),
    causationId: null,
    acceptedAt: new Date().toISOString(),
    ...(theirs ? { clientRequestId: theirs } : {}),
    // Set by idempotency.ts for a request sent with an Idempotency-Key: a retry finds its own events by it.
    ...(idempotencyId ? { idempotencyId } : {}),
    // And whether this run is a re-run of that request (its claim taken over or retaken after a release).
    ...(idempotencyId && rerun ? { rerun: true as const } : {}),
  };
}

/** The server's id for this request (request-log.ts gives every request one). */
export function correlationId(c: Context): string {
  return (c.get('requestId' as never) as string | undefined) ?? randomUUID();
}

export function clientIp(c: Context, trustProxy: ProxyTrust): string | null {
  let peer: string | null = null;
  try {
    peer = getConnInfo(c).remote.address ?? null;
  } catch {
    // In-process requests (tests) have no socket: only the forwarded chain speaks.
  }
  return trustProxy.clientIp(c.req.header('x-forwarded-for'), peer);
}
