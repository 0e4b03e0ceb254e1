import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * A server process's drain on SIGTERM. From `begin()` on, readiness answers 503 (a load balancer
 * stops sending work here) while the listener stays open: requests already running finish, and a
 * probe asking again gets its 503 instead of a refused connection. `settled()` resolves once no
 * request but the probes is running (and at least `minimumMs` after the drain began, the time a
 * load balancer needs to see the 503), or at `maximumMs` whatever still runs; then the caller
 * closes the listener.
 */
export class Draining {
  private began: number | null = null;
  private readonly inFlight = new Set<ServerResponse>();
  private readonly waiters = new Set<() => void>();

  /** `isProbe`: requests that never hold a drain open (the health checks themselves). */
  constructor(private readonly isProbe: (url: string) => boolean = () => false) {}

  get draining(): boolean {
    return this.began !== null;
  }

  /** Requests running now, the probes not counted. */
  get running(): number {
    return this.inFlight.size;
  }

  begin(): void {
    if (this.began !== null) return;
    this.began = Date.now();
    for (const response of this.inFlight) closeAfter(response);
  }

  /**
   * Counts `server`'s requests from their start until their answer is sent or their connection
   * closes (a stream counts until it ends). An answer not yet begun when the drain starts carries
   * `Connection: close`, so a keep-alive client opens its next connection elsewhere.
   */
  track(server: Server): void {
    server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
      if (this.draining) closeAfter(response);
      if (this.isProbe(request.url ?? '')) return;
      this.inFlight.add(response);
      const finish = () => {
        if (!this.inFlight.delete(response)) return;
        if (this.inFlight.size === 0) for (const wake of [...this.waiters]) wake();
      };
      response.once('finish', finish);
      response.once('close', finish);
    });
  }

  /** Resolves once the drain may close the listener: nothing but probes running, `minimumMs` passed; or `maximumMs` passed. */
  async settled({ minimumMs = 0, maximumMs }: { minimumMs?: number; maximumMs: number }): Promise<void> {
    const began = this.began ?? Date.now();
    const remaining = (ms: number) => Math.max(0, began + ms - Date.now());
    await new Promise((resolve) => setTimeout(resolve, remaining(Math.min(minimumMs, maximumMs))));
    if (this.inFlight.size === 0) return;
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, remaining(maximumMs));
      this.waiters.add(wake);
    });
  }
}

function closeAfter(response: ServerResponse): void {
  if (!response.headersSent) response.setHeader('connection', 'close');
}

/**
 * The end of a drain: waits for `drain` to settle, then closes the listener. Requests still running
 * past `maximumMs` are cut (their connections closed) rather than left to hold the exit until the
 * orchestrator's SIGKILL.
 */
export async function drainAndClose(server: Server, drain: Draining, options: { minimumMs?: number; maximumMs: number }): Promise<void> {
  await drain.settled(options);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  if (drain.running > 0) server.closeAllConnections();
  await closed;
}
