/** Where the operations tools write their lines (stdout from the CLIs; collected in tests). */
export type WriteLine = (line: string) => void;

export interface RowProgress {
  update(done: number): void;
  finish(done: number): void;
}

export const count = (n: number): string => n.toLocaleString('en-US');
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)}s`;

/**
 * One line per second at most while a table is copied (`[backup] es_events 40,000/80,000 rows
 * (50.0%) 31,000 rows/s`), and one when it is done, so a long copy shows it is moving.
 */
export function rowProgress(label: string, total: number, write: WriteLine, intervalMs = 1_000, now: () => number = Date.now): RowProgress {
  const startedAt = now();
  let lastPrintAt = startedAt;
  const rate = (done: number) => {
    const elapsed = (now() - startedAt) / 1000;
    return elapsed > 0 ? Math.round(done / elapsed) : 0;
  };
  return {
    update(done) {
      const at = now();
      if (at - lastPrintAt < intervalMs) return;
      lastPrintAt = at;
      const percent = total > 0 ? ((done / total) * 100).toFixed(1) : '100.0';
      write(`${label} ${count(done)}/${count(total)} rows (${percent}%) ${count(rate(done))} rows/s`);
    },
    finish(done) {
      write(`${label} ${count(done)} rows in ${seconds(now() - startedAt)}`);
    },
  };
}
