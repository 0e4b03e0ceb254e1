import type { Context } from 'hono';
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
import { answer, routes } from '../http/openapi-route';
import { routeGroup } from '../http/route-group';
import { KEY_REUSED } from '../http/idempotency';
import type { DeskChanges } from './desk-changes';
import { deskChangeJsonSchema, type DeskChangeJson } from './desk-change-json';

/** How many ended changes the list shows after the pending ones. */
export const RECENT_CHANGES = 50;

export const declineChangeSchema = z.object({
  note: z
    .string()
    .trim()
    .max(500, 'A note is at most 500 characters')
    .optional()
    .describe('Why it is declined (the requester reads it); at most 500 characters'),
});

const changeAnswer = (description: string) => answer(description, z.object({ change: deskChangeJsonSchema, message: z.string() }));
const NOT_FOUND = 'not_found: no such change';
const desk = routeGroup({ tag: 'admin: desk changes', access: 'operator' });

export const deskChangeDeclarations = {
  list: desk.get('/changes', {
    summary: 'Changes to the desk rules: every one waiting (oldest first), then the 50 last ended',
    answers: {
      200: answer(
        'The changes, and how many of the waiting ones this admin may confirm',
        z.object({ changes: z.array(deskChangeJsonSchema), waitingForYou: z.number().int().describe('Waiting changes this admin may confirm') }),
      ),
    },
  }),
  one: desk.get('/changes/{id}', {
    summary: 'One change: what it changes, why it waits, who asked',
    answers: { 200: answer('The change', z.object({ change: deskChangeJsonSchema })) },
    refuses: { 404: NOT_FOUND },
  }),
  confirm: desk.post('/changes/{id}/confirm', {
    summary: 'Confirm as a second admin: the change takes effect now',
    description:
      "403 `four_eyes` for its requester (from any account of their phone); 409 `change_stale` when what it replaces moved since, `change_not_pending` once it ended, `own_admin_role` for a change that removes the confirmer's own admin role.",
    answers: { 200: changeAnswer('Confirmed: the change is in force') },
    refuses: { 404: NOT_FOUND, 409: 'change_stale, change_not_pending or own_admin_role (see above); idempotency_in_progress', 422: KEY_REUSED },
  }),
  decline: desk.post('/changes/{id}/decline', {
    summary: "Decline another admin's change, with a note: it never takes effect",
    description: '403 `own_change` for its requester (withdraw it instead), `about_you` for the admin a roles change is about.',
    body: declineChangeSchema,
    answers: { 200: changeAnswer('Declined') },
    refuses: { 404: NOT_FOUND, 409: 'change_not_pending: it ended already; idempotency_in_progress', 422: KEY_REUSED },
  }),
  withdraw: desk.post('/changes/{id}/withdraw', {
    summary: 'Withdraw your own request',
    description: '403 `not_requester` for anyone but its requester.',
    answers: { 200: changeAnswer('Withdrawn') },
    refuses: { 404: NOT_FOUND, 409: 'change_not_pending: it ended already; idempotency_in_progress', 422: KEY_REUSED },
  }),
};

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
  const answered = async (c: Context<AdminEnv>, state: DeskChangeState, message: string) => c.json({ change: await json(state), message }, 200);
  const d = deskChangeDeclarations;

  return routes<AdminEnv>()
    .openapi(d.list, async (c) => {
      const [list, waitingForYou] = await Promise.all([listDeskChanges(readModels, RECENT_CHANGES), countWaitingFor(readModels, c.get('user').id)]);
      return c.json({ changes: await Promise.all(list.map(json)), waitingForYou }, 200);
    })
    .openapi(d.one, async (c) => c.json({ change: await json(await one(c)) }, 200))
    .openapi(d.confirm, async (c) => answered(c, await changes.confirm(c.req.param('id'), metadata(c)), 'Change confirmed: it is in force'))
    .openapi(d.decline, async (c) => answered(c, await changes.decline(c.req.param('id'), c.req.valid('json').note || null, metadata(c)), 'Change declined'))
    .openapi(d.withdraw, async (c) => answered(c, await changes.withdraw(c.req.param('id'), metadata(c)), 'Change withdrawn'));
}

/** What a route answers when its change waits for a second admin: 202, nothing applied yet. */
export const WAITING_FOR_SECOND_ADMIN = 'Waiting for a second admin: this change needs a different admin to confirm it before it takes effect';

export function waitingAnswer(c: Context, change: DeskChangeJson) {
  return c.json({ pendingConfirmation: true as const, change, message: WAITING_FOR_SECOND_ADMIN }, 202);
}
