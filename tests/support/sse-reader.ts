/** One parsed server-sent event. */
export interface SseEvent {
  event: string;
  id: string | undefined;
  data: any;
}

/**
 * Reads an SSE response as it arrives: `next(type)` waits for the next event of that type (skipping
 * others, keeping them in `seen`), `none(type, ms)` checks that none comes.
 */
export function readSse(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const seen: SseEvent[] = [];
  const waiting: (() => void)[] = [];
  let buffer = '';
  let ended = false;
  let consumed = 0;
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields = block.split('\n').filter((l) => !l.startsWith(':'));
          if (fields.length === 0) continue;
          const get = (name: string) => fields.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
          const data = fields
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          seen.push({ event: get('event') ?? 'message', id: get('id'), data: data ? JSON.parse(data) : null });
          waiting.splice(0).forEach((wake) => wake());
        }
      }
    } catch {
      // cancelled
    }
    ended = true;
    waiting.splice(0).forEach((wake) => wake());
  })();

  const take = async (match: (e: SseEvent) => boolean, timeoutMs: number): Promise<SseEvent | null> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = seen.findIndex((e, i) => i >= consumed && match(e));
      if (index >= 0) {
        consumed = index + 1;
        return seen[index]!;
      }
      if (ended || Date.now() >= deadline) return null;
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        setTimeout(resolve, Math.max(1, deadline - Date.now()));
      });
    }
  };

  return {
    seen,
    get ended() {
      return ended;
    },
    /** The next event of `type` (and matching `match`), or an error after `timeoutMs`. */
    async next(type: string, match: (e: SseEvent) => boolean = () => true, timeoutMs = 5_000): Promise<SseEvent> {
      const found = await take((e) => e.event === type && match(e), timeoutMs);
      if (!found) throw new Error(`no "${type}" event within ${timeoutMs} ms; seen: ${JSON.stringify(seen)}`);
      return found;
    },
    /** Whether an event of `type` matching `match` arrived by now (or within `waitMs`). */
    async any(type: string, match: (e: SseEvent) => boolean = () => true, waitMs = 0): Promise<boolean> {
      const deadline = Date.now() + waitMs;
      for (;;) {
        if (seen.some((e) => e.event === type && match(e))) return true;
        if (ended || Date.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    /** Resolves when the server ends the stream (or false after `timeoutMs`). */
    async closedWithin(timeoutMs: number): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      while (!ended && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      return ended;
    },
    close: () => reader.cancel().catch(() => undefined),
  };
}
