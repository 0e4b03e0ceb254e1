import type pg from 'pg';

/** How long appends are gathered into one notification. */
const COALESCE_MS = 3;

/**
 * Tells listeners that events were appended, after the append committed and outside its
 * transaction: a NOTIFY inside the append would serialise every committing append on the server's
 * notification queue lock (measured: a third of the append rate at 8 writers). Appends within a few
 * milliseconds share one NOTIFY. A notification lost to a crash only delays projections until their
 * slow poll; it is a hint, never the delivery.
 */
export class AppendNotifier {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly channel: string,
  ) {}

  appended(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pool.query('select pg_notify($1, $2)', [this.channel, '']).catch(() => undefined);
    }, COALESCE_MS);
  }

  /**
   * Sends a notification still gathering before the pool closes: a short-lived process (the admin
   * CLI confirming a change) would otherwise exit with it unsent, and the API's projections would
   * see its events only at their slow poll (a brand's new domain resolving seconds late).
   */
  async stop(): Promise<void> {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = null;
    await this.pool.query('select pg_notify($1, $2)', [this.channel, '']).catch(() => undefined);
  }
}
