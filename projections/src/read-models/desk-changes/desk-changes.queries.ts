import type { Kysely } from 'kysely';
import type { DeskChangeState } from '@desk/machines/desk-changes/desk-change.events';
import type { ReadModelDatabase } from '../../schema/read-model-database';

type Db = Kysely<ReadModelDatabase>;

/** Every change still waiting, oldest first (the order they were asked in), then the `recent` last ended, newest first. */
export async function listDeskChanges(db: Db, recent: number): Promise<DeskChangeState[]> {
  const [pending, ended] = await Promise.all([
    db.selectFrom('rm_desk_changes').select('state').where('status', '=', 'pending').orderBy('requested_at').execute(),
    db.selectFrom('rm_desk_changes').select('state').where('status', '<>', 'pending').orderBy('ended_at', 'desc').limit(recent).execute(),
  ]);
  return [...pending, ...ended].map((r) => r.state as DeskChangeState);
}

/** The changes still waiting, oldest first (the admin CLI's `pending-changes`). */
export async function pendingDeskChanges(db: Db): Promise<DeskChangeState[]> {
  const rows = await db.selectFrom('rm_desk_changes').select('state').where('status', '=', 'pending').orderBy('requested_at').execute();
  return rows.map((r) => r.state as DeskChangeState);
}

/** Pending changes a second admin could confirm: those `userId` did not ask for (the sidebar's count). */
export async function countWaitingFor(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('rm_desk_changes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'pending')
    .where('requested_by', '<>', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
