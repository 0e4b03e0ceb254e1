import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';

export interface Actor {
  id: string;
  role: 'customer' | 'admin' | 'system';
  tenantId: string;
}

/**
 * Who, when and from where, for the events a request causes. The client IP is the first
 * X-Forwarded-For hop when the API sits behind a proxy (TRUST_PROXY), else the socket's peer.
 */
export function commandMetadata(c: Context, actor: Actor, trustProxy: boolean): EventMetadata {
  return {
    actor: { id: actor.id, role: actor.role },
    tenantId: actor.tenantId,
    ip: clientIp(c, trustProxy),
    userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null,
    correlationId: correlationId(c),
    causationId: null,
    acceptedAt: new Date().toISOString(),
  };
}

export function correlationId(c: Context): string {
  const given = c.req.header('x-request-id');
  return given && /^[\w.-]{1,100}$/.test(given) ? given : ((c.get('requestId' as never) as string | undefined) ?? randomUUID());
}

export function clientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}
