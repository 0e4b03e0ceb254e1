/** A wait that ends early when fired: how notifications cut a projection's idle poll short. */
export class WakeSignal {
  private waiters: (() => void)[] = [];
  private closed = false;
  /** Fired while nobody waited (between a runner's look and its wait): the next wait ends at once. */
  private missed = false;

  /**
   * Ends every wait, now and from now on. A stop fired between a runner's last look and its next
   * wait found no waiter, and the wait then slept out its whole idle poll (ten minutes in a test
   * under load) before the stop could finish.
   */
  close(): void {
    this.closed = true;
    this.fire();
  }

  fire(): void {
    if (this.waiters.length === 0) this.missed = true;
    const waiting = this.waiters;
    this.waiters = [];
    for (const resolve of waiting) resolve();
  }

  wait(timeoutMs: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.missed) {
      this.missed = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.push(done);
    });
  }
}
