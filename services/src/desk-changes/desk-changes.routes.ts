import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { countWaitingFor, listDeskChanges } from '@desk/projections/read-models/desk-changes/desk-changes.queries';
import type { DeskChangeState } from '@desk/machines/desk-changes/desk-change.events';
import { CHANGE_NOT_FOUND } from '@desk/machines/desk-changes/desk-change.decide';
import { NotFoundError } from '@desk/platform/errors/domain-error';
import { actorOf, type AdminEnv } from '../identity/auth.middleware';
import { commandMetadata } from '../http/request-context';
import type { ProxyTrust } from '../http/proxy-trust';
import { validate } from '../http/validate';
import type { DeskChanges } from './desk-changes';
import type { DeskChangeJson } from './desk-change-json';

/** How many ended changes the list shows after the pending ones. */
export const RECENT_CHANGES = 50;

export const declineChangeSchema = z.object({ note: z.string().trim().max(500, 'A note is at most 500 characters').optional() });

/** What a route that changes the desk's rules needs to ask and answer: the changes, and how one reads. */
export interface DeskChangeAnswers {
  changes: DeskChanges;
  /** A change as the screens read it (desk-change-json.ts). */
  json: (state: DeskChangeState) => Promise<DeskChangeJson>;
}

export interface DeskChangeRouteDeps extends DeskChangeAnswers {
  readModels: Kysely<ReadModelDatabase>;
  trustProxy: ProxyTrust;
}

/**
 * Changes to the desk's rules waiting for a second admin, and the recent ones, mounted at
 * /api/admin behind requireOperator (app.ts): they are all the operator's (Global Settings, brands,
 * staff), so a brand admin is refused as for the changes themselves. The list is the read model's
 * (it lags the request by the projector's moment); one change is folded from its stream.
 */
export function adminDeskChangeRoutes({ changes, readModels, json, trustProxy }: DeskChangeRouteDeps) {
  const metadata = (c: Context<AdminEnv>) => commandMetadata(c, actorOf(c), trustProxy);
  const one = async (c: Context<AdminEnv>) => {
    const state = await changes.get(c.req.param('id') ?? '');
    if (!state) throw new NotFoundError(CHANGE_NOT_FOUND);
    return state;
  };
  const answer = async (c: Context<AdminEnv>, state: DeskChangeState, message: string) => c.json({ change: await json(state), message }, 200);

  return new Hono<AdminEnv>()
    .get('/changes', async (c) => {
      const [list, waitingForYou] = await Promise.all([listDeskChanges(readModels, RECENT_CHANGES), countWaitingFor(readModels, c.get('user').id)]);
      return c.json({ changes: await Promise.all(list.map(json)), waitingForYou }, 200);
    })
    .get('/changes/:id', async (c) => c.json({ change: await json(await one(c)) }, 200))
    .post('/changes/:id/confirm', async (c) => answer(c, await changes.confirm(c.req.param('id'), metadata(c)), 'Change confirmed: it is in force'))
    .post('/changes/:id/decline', validate('json', declineChangeSchema), async (c) =>
      answer(c, await changes.decline(c.req.param('id'), c.req.valid('json').note || null, metadata(c)), 'Change declined'),
    )
    .post('/changes/:id/withdraw', async (c) => answer(c, await changes.withdraw(c.req.param('id'), metadata(c)), 'Change withdrawn'));
}

/** What a route answers when its change waits for a second admin: 202, nothing applied yet. */
export const WAITING_FOR_SECOND_ADMIN = 'Waiting for a second admin: this change needs a different admin to confirm it before it takes effect';

export function waitingAnswer(c: Context, change: DeskChangeJson) {
  return c.json({ pendingConfirmation: true as const, change, message: WAITING_FOR_SECOND_ADMIN }, 202);
}
