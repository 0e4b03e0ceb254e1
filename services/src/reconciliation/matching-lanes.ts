/**
 * Weighing a page of statement lines several at a time without changing what matching decides
 * (payment-matcher.ts, docs/performance.md "Reconciliation"). Each match waits on two commits (its
 * claim, its order's PaymentMatched), and weighed one after another the matcher spent most of its
 * time waiting on them; weighed together, the event store groups their appends into one commit.
 *
 * Lines that may touch the same order are weighed in one lane, in the page's order: the later one
 * sees what the earlier did (the order paid, so its reference is claimed twice and the order is
 * flagged; the first line in the page's order wins, as when every line was weighed in turn).
 * Lines whose candidate orders are all different share nothing, so their lanes run side by side.
 */

/** The page's items in lanes: items sharing any key (directly or through others) in one lane, each lane in the page's order. */
export function lanesOf<T>(items: readonly T[], keysOf: (item: T) => readonly string[]): T[][] {
  const lanes: (T[] | null)[] = [];
  const laneOfKey = new Map<string, number>();
  for (const item of items) {
    const keys = keysOf(item);
    const joined = [...new Set(keys.map((key) => laneOfKey.get(key)).filter((lane) => lane !== undefined))].sort((a, b) => a - b);
    let lane: number;
    if (joined.length === 0) {
      lane = lanes.push([]) - 1;
    } else {
      // The item ties these lanes together: they become one, the first (each keeps its own order; they shared nothing until now).
      lane = joined[0]!;
      for (const other of joined.slice(1)) {
        lanes[lane]!.push(...lanes[other]!);
        for (const [key, at] of laneOfKey) if (at === other) laneOfKey.set(key, lane);
        lanes[other] = null;
      }
    }
    lanes[lane]!.push(item);
    for (const key of keys) laneOfKey.set(key, lane);
  }
  return lanes.filter((lane) => lane !== null);
}

/**
 * Runs each lane's items through `work` in order, at most `concurrency` lanes at once. A failure
 * stops new lanes from starting; the ones running finish their item, and the first failure is thrown.
 */
export async function runLanes<T>(lanes: readonly (readonly T[])[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < lanes.length) {
      const lane = lanes[next++]!;
      for (const item of lane) {
        if (failure !== null) return;
        try {
          await work(item);
        } catch (error) {
          failure ??= { error };
          return;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, lanes.length) }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
}
