import type { EventStore } from '@desk/platform/eventstore/event-store';
import { describeBreak } from '@desk/platform/eventstore/chain/verify-chain';
import { verifyStore } from '@desk/platform/eventstore/chain/verify-store';
import { CommandError } from '../cli-errors';
import { count, seconds, type WriteLine } from '../progress';

/** `npm run audit -- verify-store`: walks every stream's chain, a progress line a second, then the verdict. */
export async function verifyStoreReport(store: EventStore, write: WriteLine, now: () => number = Date.now): Promise<void> {
  const startedAt = now();
  let printedAt = startedAt;
  const result = await verifyStore(store, (done) => {
    if (now() - printedAt < 1_000) return;
    printedAt = now();
    write(`[audit] ${count(done)} events checked, ${count(Math.round(done / ((printedAt - startedAt) / 1000)))} events/s`);
  });
  const summary = `${count(result.events)} events in ${count(result.streams)} streams in ${seconds(now() - startedAt)}`;
  if (result.firstBreak) throw new CommandError(`[audit] BROKEN: ${describeBreak(result.firstBreak)} (${summary})`);
  write(`[audit] every chain intact: ${summary}`);
}
