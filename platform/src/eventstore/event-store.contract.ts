/**
 * The contract every EventStore adapter must pass. Call inside a `describe` with a function that
 * returns a connected store. Tests only look at their own streams, and read the global log from a
 * position taken just before they write, so they hold on a store that already has other events.
 */
import type { EventStore } from './event-store';
import { appendContract } from './append.contract';
import { readContract } from './read.contract';
import { chainContract } from './chain.contract';

export function eventStoreContract(store: () => EventStore): void {
  appendContract(store);
  readContract(store);
  chainContract(store);
}
