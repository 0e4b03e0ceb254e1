/**
 * Whether `work` settles (resolves or rejects) within `ms`: for an answer that waits a bounded time
 * for work that goes on behind it (an order's follow-up jobs, an idempotency key's last word). The
 * work is not stopped; the timer is cleared once it is decided.
 */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
