import type { AppendResult } from '../event-store';
import type { GroupedAppend } from './pg-append-group-statement';

export interface AppendGroupOptions {
  /** Groups on their way to the database at once; appends that arrive meanwhile wait and form the next. */
  maxInFlight: number;
  /** Events in one group at most (an append larger than this is sent alone). */
  maxEvents: number;
}

/**
 * Sends one group: once sent, each append's own answer, in the group's order, each settling when
 * its own work ends (an append sent alone again waits for no other). Rejects when the group fails as a whole.
 */
export type SendGroup = (appends: readonly GroupedAppend[]) => Promise<readonly Promise<AppendResult>[]>;

interface Waiting extends GroupedAppend {
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for appends. Every append costs the database one commit, and a commit waits for its
 * WAL flush; appends made in the same turn of the event loop, or while every slot is taken, wait here
 * and go as one group, one statement and one commit. A lone append waits only for the end of its
 * turn.
 *
 * A group never holds two appends to one stream, and a stream with an append in flight waits: the
 * second append of a stream must see the first's rows, which another statement or transaction would
 * not. So one process sends each stream's appends one at a time, in the order they were made.
 */
export class AppendGroup {
  private readonly waiting: Waiting[] = [];
  private readonly streamsInFlight = new Set<string>();
  private inFlight = 0;
  private pumpScheduled = false;

  constructor(
    private readonly send: SendGroup,
    private readonly options: AppendGroupOptions,
  ) {}

  append(append: GroupedAppend): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ ...append, resolve, reject });
      this.schedulePump();
    });
  }

  /**
   * Groups form at the end of the current turn of the event loop: the appends made in one turn (the
   * callers answered by the last group append again in the same turn) go together, where sending on
   * the first would split them into a group of one and a group of the rest.
   */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.options.maxInFlight) {
      const group = this.takeGroup();
      if (group.length === 0) return;
      this.inFlight++;
      for (const append of group) this.streamsInFlight.add(append.streamId);
      void this.sendGroup(group).finally(() => {
        this.inFlight--;
        this.schedulePump();
      });
    }
  }

  /** The oldest waiting appends whose streams are free, one per stream, up to the event limit. */
  private takeGroup(): Waiting[] {
    const group: Waiting[] = [];
    const streams = new Set<string>();
    let events = 0;
    for (let i = 0; i < this.waiting.length;) {
      const append = this.waiting[i]!;
      const free = !this.streamsInFlight.has(append.streamId) && !streams.has(append.streamId);
      const fits = group.length === 0 || events + append.events.length <= this.options.maxEvents;
      if (free && fits) {
        group.push(append);
        streams.add(append.streamId);
        events += append.events.length;
        this.waiting.splice(i, 1);
      } else {
        i++;
      }
      if (events >= this.options.maxEvents) break;
    }
    return group;
  }

  /**
   * Each caller is answered, and its stream freed for its next append, as its own answer comes: one
   * append sent alone again behind a lock held past the statement bound made every caller of its
   * group wait for it too (review 20). The slot is the group's until every answer is in.
   */
  private async sendGroup(group: readonly Waiting[]): Promise<void> {
    const settled = (append: Waiting) => {
      this.streamsInFlight.delete(append.streamId);
      this.schedulePump();
    };
    let answers: readonly Promise<AppendResult>[];
    try {
      answers = await this.send(group);
    } catch (error) {
      for (const append of group) {
        append.reject(error);
        settled(append);
      }
      return;
    }
    await Promise.all(group.map((append, index) => answers[index]!.then(append.resolve, append.reject).finally(() => settled(append))));
  }
}
