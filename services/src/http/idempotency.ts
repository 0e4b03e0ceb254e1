import { createHash, randomUUID } from 'node:crypto';
import type { HonoRequest, MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import { ValidationError, fixedError } from '@desk/platform/errors/domain-error';
import { logger } from '@desk/platform/logging/logger';
import { settlesWithin } from '@desk/platform/async/settles-within';
import { IdempotencyKeys, RENEW_EVERY_MS } from './idempotency-keys';

const KeyReusedError = fixedError('idempotency_key_reused', 422, 'This Idempotency-Key was already used for a different request');

const KeyInFlightError = fixedError('idempotency_in_progress', 409, 'A request with this Idempotency-Key is still being processed');

/** The 422 a declared POST behind this middleware lists (its 409 `idempotency_in_progress` goes with the route's other conflicts). */
export const KEY_REUSED = 'idempotency_key_reused: this Idempotency-Key was already used for a different request';

const KEY = /^[\w.:-]{1,200}$/;

/**
 * What a retry of a request whose answer held a secret gets instead of that answer. Exported for the
 * same refusal made by a command's own retry after a takeover (webhook-endpoints.ts, decision 0062).
 */
export const SECRET_NOT_REPLAYED = {
  status: 409,
  body: {
    error: 'This request was already carried out. Its answer held a secret that is shown only once: make a new one if it was lost.',
    code: 'secret_not_replayed',
  },
} as const;

/** While the database is away, a holder's last word on its claim is tried again after this pause, doubling up to the next. */
export const SETTLE_RETRY_FIRST_MS = 250;
export const SETTLE_RETRY_MAX_MS = 2_000;
/** How long an answer waits for the first try of its request's last word; the tries go on behind it. */
export const SETTLE_WAIT_MS = 2_000;

/**
 * The holder's last word on its claim (its answer recorded, or the claim given up after a failure),
 * now or, while the database is still away, again and again in the background for a lease's length
 * after the request ended (by then a retry may take the key over, and a late word changes nothing:
 * each runs only while this request still holds the claim). Stopping sooner (after 7.5 s) left every
 * failed request's key claimed for the rest of its minute when a PostgreSQL restart outlasted the
 * pauses, so every customer of a chaos run could end on `idempotency_in_progress` (decision 0058).
 * `firstTry` is the first attempt; `settled`, the last (landed, or given up).
 */
function settleInBackground(what: string, settle: () => Promise<void>, leaseMs: number): { firstTry: Promise<void>; settled: Promise<void> } {
  const until = Date.now() + leaseMs;
  let firstTry: Promise<void> = Promise.resolve();
  const settled = new Promise<void>((resolve) => {
    const attempt = async (pause: number): Promise<void> => {
      try {
        await settle();
        resolve();
      } catch (error) {
        if (Date.now() + pause > until) {
          logger.warn(`an idempotency key's ${what} did not land; its claim times out`, { error: String(error) });
          resolve();
          return;
        }
        setTimeout(() => void attempt(Math.min(pause * 2, SETTLE_RETRY_MAX_MS)), pause).unref();
      }
    };
    firstTry = attempt(SETTLE_RETRY_FIRST_MS);
  });
  return { firstTry, settled };
}

/**
 * The last word, the answer waiting for its first try at most SETTLE_WAIT_MS: a database that hangs
 * (a partition, a host gone without a reset) must not hold the answer of a command already carried
 * out (review 15).
 */
async function settleOrRetry(what: string, settle: () => Promise<void>, leaseMs: number): Promise<void> {
  await settlesWithin(settleInBackground(what, settle, leaseMs).firstTry, SETTLE_WAIT_MS);
}

/** A claim refused before its statement was sent changed nothing: there is no claim to give up. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', '57P03']);
const neverSent = (error: unknown): boolean => NEVER_SENT.has(String((error as { code?: unknown } | null)?.code));

/** Per scope and key, the tokens of this process's failed claims still to give up, by one loop (review 15: one loop per claim grew with the outage's square). */
const givingUp = new Map<string, Set<string>>();

/** Gives up a claim whose reply was lost: by the loop already running for its key, or a new one. */
function giveUpLostClaim(keys: IdempotencyKeys, scope: string, key: string, token: string): void {
  const id = `${scope}\n${key}`;
  const running = givingUp.get(id);
  if (running) {
    running.add(token);
    return;
  }
  const tokens = new Set([token]);
  givingUp.set(id, tokens);
  const release = async () => {
    const batch = [...tokens];
    await keys.releaseAny(scope, key, batch);
    for (const given of batch) tokens.delete(given);
    if (tokens.size > 0) throw new Error('more claims of this key to give up');
    givingUp.delete(id); // in the same turn as the check: a claim failing later starts a loop of its own
  };
  void settleInBackground('release', release, keys.claimTimeoutMs).settled.then(() => {
    if (givingUp.get(id) === tokens) givingUp.delete(id);
  });
}

/**
 * POSTs sent with an `Idempotency-Key` header run once per caller and key: a retry gets the first
 * answer again (marked `Idempotent-Replayed: true`) and appends nothing. The key is claimed before
 * the handler runs, so two copies racing each other cannot both act. Answers of 500 and above are
 * not kept, so a retry after a server failure runs again. Runs after requireUser.
 *
 * Keys heal (decision 0045): a key lives 24 hours (then it is a new key, and swept); a claim is
 * renewed while its request runs, and one left by a process that died mid-request is taken over by
 * a retry after a minute. That retry runs again under the same request id (`idempotencyId`, put on
 * the events' metadata by commandMetadata), so a command whose first run did append finds its own
 * events and does not act twice (CommandHandler; an order's id is the request id).
 */
/** Runs behind sign-in: keys are kept per signed-in user. */
interface SignedInEnv {
  Variables: { user: { id: string }; idempotencyId?: string; idempotencyRerun?: boolean };
}

export function idempotency(db: Kysely<ServicesDatabase>, keys = new IdempotencyKeys(db)): MiddlewareHandler<SignedInEnv> {
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (c.req.method !== 'POST' || key === undefined) return next();
    if (!KEY.test(key)) throw ValidationError.of('Idempotency-Key', 'Must be 1 to 200 letters, digits or . : _ -');

    const scope = c.get('user').id;
    const requestHash = createHash('sha256')
      .update(`${c.req.method} ${c.req.path}\n`)
      .update(await comparableBody(c.req))
      .digest('hex');
    // The token is drawn here, not by the database: a claim whose reply was lost (the connection cut
    // after its insert committed) is still this request's to give up.
    const token = randomUUID();
    const claim = await keys.claim(scope, key, requestHash, token).catch((error: unknown) => {
      if (!neverSent(error)) giveUpLostClaim(keys, scope, key, token);
      throw error;
    });

    if (!claim) {
      const held = await keys.held(scope, key, requestHash);
      if (held.kind === 'reused') throw new KeyReusedError();
      if (held.kind === 'in_progress') throw new KeyInFlightError();
      return c.body(held.body, held.status as 200, {
        'content-type': 'application/json; charset=utf-8',
        'idempotent-replayed': 'true',
      });
    }

    c.set('idempotencyId', claim.requestId);
    // A re-run (commandMetadata's `rerun`): only then does a command look for what its first run left.
    if (claim.rerun) c.set('idempotencyRerun', true);
    const renewal = setInterval(() => {
      keys.renew(scope, key, claim).catch((error: unknown) => logger.warn('an idempotency claim was not renewed', { error: String(error) }));
    }, RENEW_EVERY_MS);
    renewal.unref();
    try {
      await next();
    } finally {
      clearInterval(renewal);
    }
    if (c.res.status >= 500) {
      await settleOrRetry('release', () => keys.release(scope, key, claim), keys.claimTimeoutMs);
      return;
    }
    // An answer marked no-store carries a secret shown once (a webhook's signing secret): no copy of
    // it is kept, and a retry is told the request was carried out rather than shown the secret again.
    const withheld = c.res.headers.get('cache-control')?.includes('no-store') ?? false;
    const status = withheld ? SECRET_NOT_REPLAYED.status : c.res.status;
    const body = withheld ? JSON.stringify(SECRET_NOT_REPLAYED.body) : await c.res.clone().text();
    // The command was carried out: its answer goes to the client even if it cannot be recorded yet.
    await settleOrRetry('answer', () => keys.complete(scope, key, claim, status, body), keys.claimTimeoutMs);
  };
}

/**
 * The body as a retry compares it: read from a copy (reading the request itself would leave a
 * multipart form, a tenant's logo, unreadable to the route), and with a multipart form's boundary
 * replaced, since a browser sending the same form again draws a new one.
 */
async function comparableBody(request: HonoRequest): Promise<Buffer> {
  // A JSON body was read already (refuse-nul.ts) and Hono keeps it; a form's is still unread.
  const body = Buffer.from(request.raw.bodyUsed ? await request.arrayBuffer() : await request.raw.clone().arrayBuffer());
  const boundary = /boundary=("?)([^";]+)\1/i.exec(request.header('content-type') ?? '')?.[2];
  return boundary ? Buffer.from(body.toString('latin1').replaceAll(boundary, 'boundary'), 'latin1') : body;
}
