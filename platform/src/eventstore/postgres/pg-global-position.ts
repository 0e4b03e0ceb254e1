import type { GlobalPosition } from '../event-store';

/**
 * A PostgreSQL global position is the pair (transaction_id, global_position): readers order by
 * both, because identity values are drawn at insert time, not commit time (docs/event-store.md).
 * Both stay strings: xid8 and bigint do not fit a JS number.
 */
export interface PgPosition {
  transactionId: string;
  globalPosition: string;
}

export const PG_START: PgPosition = { transactionId: '0', globalPosition: '0' };

export function encodePgPosition(transactionId: string, globalPosition: string): GlobalPosition {
  return `${transactionId}/${globalPosition}` as GlobalPosition;
}

export function decodePgPosition(position: GlobalPosition | null): PgPosition {
  if (position === null) return PG_START;
  const match = /^(\d+)\/(\d+)$/.exec(position);
  if (!match) throw new Error(`Not a PostgreSQL event store position: ${position}`);
  return { transactionId: match[1]!, globalPosition: match[2]! };
}
