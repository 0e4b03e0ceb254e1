/** Changes to the desk's rules asked for and their outcome (decision 0030): the pending-changes list. */
export interface DeskChangesTable {
  id: string;
  kind: string;
  /** The brand the change is about; null: every brand (the Global Settings). */
  tenant_id: string | null;
  /** pending, confirmed, declined, withdrawn or lapsed. */
  status: string;
  requested_by: string;
  requested_at: Date;
  ended_at: Date | null;
  /** The change's folded state (DeskChangeState). */
  state: unknown;
}
