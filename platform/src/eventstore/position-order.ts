import type { GlobalPosition } from './event-store';

/**
 * The log's order of two positions: negative when `a` comes first, 0 when they are one, positive after.
 * null (before the first event) comes first. Both adapters write a position as two decimal integers,
 * `<major>/<minor>`, ordered as a pair (PostgreSQL: transaction id, then identity; EventStoreDB:
 * commit, then prepare: pg-global-position.ts, esdb-event-store.ts); the event store contract checks
 * that `readAll` hands out positions in this order.
 */
export function comparePositions(a: GlobalPosition | null, b: GlobalPosition | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  const [aMajor, aMinor] = parts(a);
  const [bMajor, bMinor] = parts(b);
  if (aMajor !== bMajor) return aMajor < bMajor ? -1 : 1;
  if (aMinor !== bMinor) return aMinor < bMinor ? -1 : 1;
  return 0;
}

function parts(position: GlobalPosition): [bigint, bigint] {
  const match = /^(\d+)\/(\d+)$/.exec(position);
  if (!match) throw new Error(`Not an event store position: ${position}`);
  return [BigInt(match[1]!), BigInt(match[2]!)];
}
