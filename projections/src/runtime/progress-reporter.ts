/**
 * Prints rebuild progress at most once per interval: events done / total, rate and ETA.
 * Rate is measured over this run only, so a resumed rebuild does not claim the earlier run's speed.
 */
export interface ProgressReporter {
  update(done: number, total: number): void;
  finish(done: number): void;
}

export function createProgressReporter(label: string, write: (line: string) => void, intervalMs = 1_000, now: () => number = Date.now): ProgressReporter {
  const startedAt = now();
  let firstDone: number | null = null;
  let lastPrintAt = 0;

  const rate = (done: number): number => {
    const seconds = (now() - startedAt) / 1000;
    return seconds > 0 ? (done - (firstDone ?? 0)) / seconds : 0;
  };

  return {
    update(done, total) {
      firstDone ??= done;
      const at = now();
      if (at - lastPrintAt < intervalMs) return;
      lastPrintAt = at;
      const perSecond = rate(done);
      const remaining = Math.max(total - done, 0);
      const eta = perSecond > 0 ? formatDuration(remaining / perSecond) : '?';
      const percent = total > 0 ? ((done / total) * 100).toFixed(1) : '100.0';
      write(`[${label}] ${fmt(done)}/${fmt(total)} events (${percent}%) ${fmt(Math.round(perSecond))} events/s, ETA ${eta}`);
    },
    finish(done) {
      const seconds = (now() - startedAt) / 1000;
      write(`[${label}] done: ${fmt(done)} events in ${seconds.toFixed(1)}s (${fmt(Math.round(rate(done)))} events/s)`);
    },
  };
}

function fmt(n: number): string {
  return n.toLocaleString('en-US');
}

export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${Math.ceil(seconds % 60)}s`;
  return `${Math.floor(minutes / 60)}h${minutes % 60}m`;
}
