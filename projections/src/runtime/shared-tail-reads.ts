import type { EventStore, GlobalPosition, RecordedEvent } from '@desk/platform/eventstore/event-store';

/** What a projection runner reads from the log. */
export type LogReader = Pick<EventStore, 'readAll' | 'hasEventsAfter'>;

/**
 * The projector's runners read the log through this: when several ask for the same thing at once
 * (they are woken by the same notification, caught up at the same position), one query answers
 * them all. Only reads in flight are shared, never a finished one: a later read may see more.
 * Runners must not change the events they are given (none does: they fold them into rows).
 */
export class SharedTailReads implements LogReader {
  private readonly reads = new Map<string, Promise<RecordedEvent[]>>();
  private readonly checks = new Map<string, Promise<boolean>>();

  constructor(private readonly store: LogReader) {}

  readAll(after: GlobalPosition | null, limit: number): Promise<RecordedEvent[]> {
    return shared(this.reads, `${after ?? ''}|${limit}`, () => this.store.readAll(after, limit));
  }

  hasEventsAfter(after: GlobalPosition | null): Promise<boolean> {
    return shared(this.checks, after ?? '', () => this.store.hasEventsAfter(after));
  }
}

function shared<T>(inFlight: Map<string, Promise<T>>, key: string, run: () => Promise<T>): Promise<T> {
  const running = inFlight.get(key);
  if (running) return running;
  const started = run().finally(() => inFlight.delete(key));
  inFlight.set(key, started);
  return started;
}
