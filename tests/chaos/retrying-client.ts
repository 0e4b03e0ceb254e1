/** One answer the server gave, as the client read it. */
export interface Answer {
  status: number;
  body: any;
  replayed: boolean;
  /** Seconds a 429 or 503 asked the client to wait (Retry-After). */
  retryAfter: number | null;
}

/** What the client saw across the run: answers by status, and the retries they caused. */
export interface ClientTally {
  answers: Map<number, number>;
  /** Requests that got no answer (connection refused or reset, or past the timeout). */
  noAnswer: number;
  /** Each 500 the server gave, with what was asked (a finding: no input should make the server answer 500). */
  serverErrors: { at: number; method: string; path: string; body: string }[];
  /** Every answer of 400 or above, and every attempt with none (status null): when, to what, and the code. */
  failures: { at: number; path: string; status: number | null; code: string | null }[];
}

export const newTally = (): ClientTally => ({ answers: new Map(), noAnswer: 0, serverErrors: [], failures: [] });

const ATTEMPT_TIMEOUT_MS = 20_000;

/**
 * Whether an answer is worth sending again with the same Idempotency-Key: no answer, a gateway or
 * server failure (a 5xx is never kept against the key, so the retry runs afresh), a key still held by
 * a request that died mid-flight (409 idempotency_in_progress, released after a timeout), or 429.
 */
const worthRetrying = (answer: Answer | null): boolean =>
  answer === null || answer.status >= 500 || answer.status === 429 || (answer.status === 409 && answer.body?.code === 'idempotency_in_progress');

/**
 * The workload's HTTP client: every command carries an Idempotency-Key and is sent again with the
 * same key, with backoff, until the server gives an answer that settles it (or `deadline` passes:
 * null). Reads go once.
 */
export class RetryingClient {
  /** Requests sent and not yet answered (a kill mid-request waits for some). */
  inFlight = 0;

  constructor(
    private readonly base: string,
    readonly tally: ClientTally,
  ) {}

  async once(method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<Answer | null> {
    const sent = body === undefined ? undefined : JSON.stringify(body);
    this.inFlight++;
    try {
      const response = await fetch(`${this.base}${path}`, {
        method,
        headers: { ...(sent === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        body: sent,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      const text = await response.text();
      const answer = {
        status: response.status,
        body: parse(text),
        replayed: response.headers.get('idempotent-replayed') === 'true',
        retryAfter: Number(response.headers.get('retry-after')) || null,
      };
      this.tally.answers.set(answer.status, (this.tally.answers.get(answer.status) ?? 0) + 1);
      if (answer.status === 500) this.tally.serverErrors.push({ at: Date.now(), method, path, body: text.slice(0, 300) });
      if (answer.status >= 400) this.tally.failures.push({ at: Date.now(), path, status: answer.status, code: answer.body?.code ?? null });
      return answer;
    } catch {
      this.tally.noAnswer++;
      this.tally.failures.push({ at: Date.now(), path, status: null, code: null });
      return null;
    } finally {
      this.inFlight--;
    }
  }

  /**
   * Sends a command until it is settled, or null once `deadline()` (read at each retry: a run's drain
   * sets it) has passed. `seen` hears every attempt's answer (null: none).
   */
  async command(
    path: string,
    body: unknown,
    token: string,
    key: string,
    deadline: () => number,
    retryAfter = backoff,
    seen: (answer: Answer | null) => void = () => undefined,
  ): Promise<Answer | null> {
    for (let attempt = 0; ; attempt++) {
      const answer = await this.once('POST', path, body, token, { 'idempotency-key': key });
      seen(answer);
      if (!worthRetrying(answer)) return answer;
      if (Date.now() > deadline()) return null;
      await sleep(retryAfter(attempt, answer));
    }
  }
}

/** What Retry-After asks (at most 5 s), else 100 ms doubling to 2 s, with jitter. */
export function backoff(attempt: number, answer: Answer | null): number {
  if (answer?.retryAfter) return Math.min(5_000, answer.retryAfter * 1_000);
  const cap = Math.min(2_000, 100 * 2 ** attempt);
  return cap / 2 + Math.random() * (cap / 2);
}

function parse(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
