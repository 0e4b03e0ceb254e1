import { sameValue } from '../shared/same-value';

/** An entry of the new list, with the one of the old list it was before (null: added, or a field other than `isActive` changed). */
export interface EntryMatch<T> {
  entry: T;
  was: T | null;
}

/**
 * How a brand's list of bank accounts or wallets changed: each entry of `after` that is not exactly
 * one of `before`, with the entry it was when only `isActive` moved, and the entries of `before` left
 * over (removed). Entries left exactly as they were are matched first, so two alike entries never
 * read as an activation. The change summary and the second-admin rule read the lists through it.
 */
export function matchEntries<T extends { isActive: boolean }>(before: readonly T[], after: readonly T[]): { changed: EntryMatch<T>[]; removed: T[] } {
  const unmatched = [...before];
  const take = (matches: (was: T) => boolean): T | null => {
    const index = unmatched.findIndex(matches);
    return index === -1 ? null : unmatched.splice(index, 1)[0]!;
  };
  const fields = (entry: T) => ({ ...entry, isActive: undefined });
  const rest = after.filter((entry) => take((was) => sameValue(was, entry)) === null);
  const changed = rest.map((entry) => ({ entry, was: take((candidate) => sameValue(fields(candidate), fields(entry))) }));
  return { changed, removed: unmatched };
}
