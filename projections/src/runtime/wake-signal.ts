/** A wait that ends early when fired: how notifications cut a projection's idle poll short. */
export class WakeSignal {
  private waiters: (() => void)[] = [];

  fire(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const resolve of waiting) resolve();
  }

  wait(timeoutMs: number): Promise<void> {
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
