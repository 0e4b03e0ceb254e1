import { createHash, randomBytes } from 'node:crypto';
import { fixedError } from '@desk/platform/errors/domain-error';
import type { ShortLivedStore } from '../kv/short-lived-store';

/** EventSource cannot send a header, so the stream is opened with a ticket in its URL instead of the token. */
export const TICKET_TTL_SECONDS = 30;

/** 401 with the usual body: the screens treat it as any other "sign in again". */
export const BadTicketError = fixedError('invalid_stream_ticket', 401, 'Unauthorized. Please login again.');

export interface TicketClaims {
  userId: string;
  tenantId: string;
  /**
   * The session whose token asked for the ticket (decision 0029): the stream lives no longer than
   * it. Signed out, revoked ("sign out everywhere else", a role or password change, `reset-totp`) or
   * past its time, the stream is refused or closed.
   */
  sessionId: string;
  /** When it was issued (ms): a password changed after this refuses the stream. */
  issuedAt: number;
}

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * Short-lived, single-use tickets bound to a user. Only the ticket's hash is kept (in Redis with
 * REDIS_URL, so any API process can redeem it), so a dump of the store opens no stream. Redeeming
 * claims a "used" marker with set-if-absent, atomic in both stores: of two racing redeems one wins.
 */
export class StreamTickets {
  constructor(
    private readonly store: ShortLivedStore,
    private readonly now: () => number = Date.now,
  ) {}

  async issue(userId: string, tenantId: string, sessionId: string): Promise<{ ticket: string; expiresInSeconds: number }> {
    const ticket = randomBytes(32).toString('base64url');
    const claims: TicketClaims = { userId, tenantId, sessionId, issuedAt: this.now() };
    await this.store.set(`stream-ticket:${hashOf(ticket)}`, JSON.stringify(claims), TICKET_TTL_SECONDS * 1000);
    return { ticket, expiresInSeconds: TICKET_TTL_SECONDS };
  }

  /** The ticket's claims, once; null when it is unknown, expired or already used. */
  async redeem(ticket: string): Promise<TicketClaims | null> {
    if (!/^[\w-]{20,100}$/.test(ticket)) return null;
    const hash = hashOf(ticket);
    const stored = await this.store.get(`stream-ticket:${hash}`);
    if (!stored) return null;
    if (!(await this.store.setIfAbsent(`stream-ticket-used:${hash}`, '1', TICKET_TTL_SECONDS * 1000))) return null;
    await this.store.delete(`stream-ticket:${hash}`);
    const claims = JSON.parse(stored) as TicketClaims;
    // A ticket issued before tickets named their session (at most 30 s old at an upgrade) opens nothing.
    if (typeof claims.sessionId !== 'string') return null;
    return this.now() - claims.issuedAt <= TICKET_TTL_SECONDS * 1000 ? claims : null;
  }
}
