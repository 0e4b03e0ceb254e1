import type { UserRow } from './users.repository';
import { RowsUntilChanged, type ListenForChanges, type RowsUntilChangedOptions } from './rows-until-changed';

export type { ListenForChanges };
export type SignedInUsersOptions = RowsUntilChangedOptions;

/** The channel migration 016 announces every users row change on: the row's id, or '' for every row. */
export const USERS_CHANGED_CHANNEL = 'users_changed';

/**
 * Signed-in users' rows, kept until the database announces their change (decision 0026; the
 * mechanism is rows-until-changed.ts). Keyed by the user's id.
 */
export class SignedInUsers extends RowsUntilChanged<UserRow> {
  constructor(read: (id: string) => Promise<UserRow | undefined>, listen: ListenForChanges, options: SignedInUsersOptions = {}) {
    super(read, listen, options, freeze);
  }
}

/** Rows are shared by every request that reads them: none may change one under another. */
function freeze(row: UserRow): UserRow {
  Object.freeze(row.roles);
  return Object.freeze(row);
}
