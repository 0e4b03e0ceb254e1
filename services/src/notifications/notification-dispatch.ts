import type { Kysely } from 'kysely';
import { listenToChannel } from '@desk/platform/db/pg-listen';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { NOTIFICATIONS_CHANNEL } from '@desk/projections/read-models/notifications/notifications.projection';
import { newestNotificationSeq, notificationsToText } from '@desk/projections/read-models/notifications/notifications.queries';
import { startPeriodicTask } from '../jobs/periodic-task';
import type { JobQueue } from '../jobs/job-queue';

/**
 * Notifications older than this are never texted: what a rebuild (or the projection's first build,
 * over the whole history) makes again, or news a stopped projector held back for longer (decision 0040).
 */
export const SMS_FRESH_MS = 30 * 60_000;
const PAGE = 200;
/** The dispatcher also looks every few seconds, for a NOTIFY missed while its connection was down. */
const SWEEP_MS = 5_000;

/**
 * Queues a `notification.sms` job for each new notification, in the order the projection made them,
 * each with the notification's id as its job id (no ':' for BullMQ). The cursor is this process's
 * own: every process that runs jobs may run a dispatcher, and a job queued twice sends once
 * (notification-sms.ts). A rebuild's rows come with new, higher seqs but their old times, so the
 * freshness window keeps them from being texted again as news.
 */
export class NotificationDispatcher {
  private cursor = 0n;
  private running: Promise<number> | null = null;
  private again = false;

  constructor(
    private readonly readModels: Kysely<ReadModelDatabase>,
    private readonly queue: JobQueue,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Queues what is new; answers how many it queued. Calls while one runs share it, and it goes round
   * once more for what they were woken by: one cursor, one reader at a time.
   */
  dispatch(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let queued = 0;
      try {
        do {
          this.again = false;
          queued += await this.queueNew();
        } while (this.again);
        return queued;
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Resolves when no run is going. */
  async settled(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  private async queueNew(): Promise<number> {
    let queued = 0;
    for (;;) {
      // Read first: the projection is the only writer and commits in seq order, so when nothing fresh
      // follows the cursor, everything up to this newest seq has been seen.
      const newest = await newestNotificationSeq(this.readModels);
      const rows = await notificationsToText(this.readModels, this.cursor, new Date(this.now().getTime() - SMS_FRESH_MS), PAGE);
      if (rows.length === 0) {
        if (newest > this.cursor) this.cursor = newest;
        return queued;
      }
      for (const row of rows) {
        await this.queue.add(
          'notification.sms',
          { notificationId: row.id, userId: row.userId, tenantId: row.tenantId, kind: row.kind, facts: row.facts },
          { jobId: `sms-${row.id}` },
        );
        queued += 1;
      }
      this.cursor = BigInt(rows[rows.length - 1]!.seq);
      if (rows.length < PAGE) return queued;
    }
  }
}

/** Runs a dispatcher in a process that runs jobs: woken by the projection's NOTIFY (LISTEN on `connectionString`), and every few seconds. */
export async function startNotificationDispatch(readModels: Kysely<ReadModelDatabase>, queue: JobQueue, connectionString: string) {
  const dispatcher = new NotificationDispatcher(readModels, queue);
  // A failed run is tried again by the periodic one, which logs it.
  const kick = () => void dispatcher.dispatch().catch(() => undefined);
  const periodic = startPeriodicTask('notification dispatch', SWEEP_MS, () => dispatcher.dispatch());
  const stopListening = await listenToChannel(connectionString, NOTIFICATIONS_CHANNEL, kick);
  kick();
  return {
    async stop() {
      await stopListening();
      await periodic.stop();
      await dispatcher.settled();
    },
  };
}
