import { Hono, type Context } from 'hono';
import { listDeskChanges } from '@desk/projections/read-models/desk-changes/desk-changes.queries';
import { CHANGE_NOT_FOUND } from '@desk/machines/desk-changes/desk-change.decide';
import type { ComplianceAccessed } from '@desk/machines/compliance/compliance.events';
import { ForbiddenError, NotFoundError } from '@desk/platform/errors/domain-error';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { actorOf, type AdminEnv } from '../identity/auth.middleware';
import { commandMetadata } from '../http/request-context';
import { RECENT_CHANGES, type DeskChangeRouteDeps } from './desk-changes.routes';

/** Behind requireCompliance: the officer and the brands they read (compliance's ComplianceEnv). */
type OfficerEnv = AdminEnv;

/** The officer's access trail (compliance/access-trail.ts). */
export type RecordAccess = (userId: string, access: ComplianceAccessed, metadata: EventMetadata) => Promise<void>;

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
  return new Hono<OfficerEnv>()
    .get('/changes', async (c) => {
      operatorLevel(c);
      const list = await listDeskChanges(readModels, RECENT_CHANGES);
      await record(c, { view: 'desk_changes', resultCount: list.length });
      return c.json({ changes: await Promise.all(list.map(json)) }, 200);
    })
    .get('/changes/:id', async (c) => {
      operatorLevel(c);
      const state = await changes.get(c.req.param('id'));
      if (!state) throw new NotFoundError(CHANGE_NOT_FOUND);
      await record(c, { view: 'desk_change', changeId: state.request.changeId });
      return c.json({ change: await json(state) }, 200);
    });
}
