import type { Context } from 'hono';
import { z } from 'zod';
import { listDeskChanges } from '@desk/projections/read-models/desk-changes/desk-changes.queries';
import { CHANGE_NOT_FOUND } from '@desk/machines/desk-changes/desk-change.decide';
import type { ComplianceAccessed } from '@desk/machines/compliance/compliance.events';
import { ForbiddenError, NotFoundError } from '@desk/platform/errors/domain-error';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { actorOf, type AdminEnv } from '../identity/auth.middleware';
import { commandMetadata } from '../http/request-context';
import { answer, routes } from '../http/openapi-route';
import { routeGroup } from '../http/route-group';
import { RECENT_CHANGES, type DeskChangeRouteDeps } from './desk-changes.routes';
import { deskChangeJsonSchema } from './desk-change-json';

/** Behind requireCompliance: the officer and the brands they read (compliance's ComplianceEnv). */
type OfficerEnv = AdminEnv;

/** The officer's access trail (compliance/access-trail.ts). */
export type RecordAccess = (userId: string, access: ComplianceAccessed, metadata: EventMetadata) => Promise<void>;

const officer = routeGroup({ tag: 'compliance', access: 'compliance' });
const OPERATOR_LEVEL = "The operator's officers only: 403 for a brand's.";

export const complianceDeskChangeDeclarations = {
  list: officer.get('/changes', {
    summary: 'Changes to the desk rules: every one waiting, then the 50 last ended',
    description: OPERATOR_LEVEL,
    answers: { 200: answer('The changes', z.object({ changes: z.array(deskChangeJsonSchema) })) },
  }),
  one: officer.get('/changes/{id}', {
    summary: 'One change to the desk rules',
    description: OPERATOR_LEVEL,
    answers: { 200: answer('The change', z.object({ change: deskChangeJsonSchema })) },
    refuses: { 404: 'not_found: no such change' },
  }),
};

/**
 * Compliance officers read the changes to the desk's rules (they are part of the audit trail) and
 * act on none; mounted at /api/compliance behind requireCompliance. The changes are the operator's,
 * so an officer of one brand is refused, as a brand admin is. Each read is recorded on the officer's
 * access trail before it is answered, like every compliance read.
 */
export function complianceDeskChangeRoutes({ changes, readModels, json, trustProxy, recordAccess }: DeskChangeRouteDeps & { recordAccess: RecordAccess }) {
  const record = (c: Context<OfficerEnv>, access: ComplianceAccessed) => recordAccess(c.get('user').id, access, commandMetadata(c, actorOf(c), trustProxy));
  const operatorLevel = (c: Context<OfficerEnv>) => {
    if (c.get('scope').kind !== 'all_brands') throw new ForbiddenError();
  };
  return routes<OfficerEnv>()
    .openapi(complianceDeskChangeDeclarations.list, async (c) => {
      operatorLevel(c);
      const list = await listDeskChanges(readModels, RECENT_CHANGES);
      await record(c, { view: 'desk_changes', resultCount: list.length });
      return c.json({ changes: await Promise.all(list.map(json)) }, 200);
    })
    .openapi(complianceDeskChangeDeclarations.one, async (c) => {
      operatorLevel(c);
      const state = await changes.get(c.req.param('id'));
      if (!state) throw new NotFoundError(CHANGE_NOT_FOUND);
      await record(c, { view: 'desk_change', changeId: state.request.changeId });
      return c.json({ change: await json(state) }, 200);
    });
}
