/** A wait that ends early when fired: how notifications cut a projection's idle poll short. */
export class WakeSignal {
  private waiters: (() => void)[] = [];
  private closed = false;

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
    const waiting = this.waiters;
    this.waiters = [];
    for (const resolve of waiting) resolve();
  }

  wait(timeoutMs: number): Promise<void> {
    if (this.closed) return Promise.resolve();
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
