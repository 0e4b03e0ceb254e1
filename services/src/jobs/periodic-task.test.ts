import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicTask } from './periodic-task';

describe('periodic task', () => {
  afterEach(() => vi.useRealTimers());

  it('runs on its interval, never two runs at once, goes on after a failure, and stop waits for a run in progress', async () => {
    vi.useFakeTimers();
    let started = 0;
    let finish: (() => void) | null = null;
    const task = startPeriodicTask('test task', 1_000, async () => {
      started += 1;
      if (started === 2) throw new Error('a bad run');
      await new Promise<void>((resolve) => (finish = resolve));
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(1);
    // Still running when the next two are due: not doubled.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(started).toBe(1);
    finish!();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(2); // this one fails, and is logged
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(3);
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(stopped).toBe(false);
    finish!();
    await stopping;
    expect(started).toBe(3);
  });
});
