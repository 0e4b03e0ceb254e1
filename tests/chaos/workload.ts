import { PNG_1PX, dataUrl } from '../support/sample-files';
import type { Answer, RetryingClient } from './retrying-client';
import { backoff, sleep } from './retrying-client';

export type CommandKind = 'place' | 'upload' | 'complete';

/** A command the server acknowledged (2xx), as the client recorded it. */
export interface Acknowledged {
  kind: CommandKind;
  key: string;
  orderId: string;
  customerId: string;
  /** The upload's bank reference, the completion's crypto reference. */
  reference?: string;
  /** When the first attempt was sent and when the answer came. */
  sentAt: number;
  answeredAt: number;
  attempts: number;
  replayed: boolean;
}

export interface Customer {
  userId: string;
  token: string;
}

export interface WorkloadRecord {
  acknowledged: Acknowledged[];
  /** Final answers that were not 2xx, by kind and code (a refusal settles a command too). */
  refused: Map<string, number>;
  /** Commands that got no settling answer before the run's deadline. */
  unsettled: Unsettled[];
}

/**
 * A command still unsettled at the drain's deadline, as the client saw it: what it sent, when its
 * first attempt went, and every answer in order, alike ones in a row counted together (the attempt
 * before the first 409 names what became of the request holding the key: 502 or no answer for a
 * killed API).
 */
export interface Unsettled {
  kind: CommandKind;
  key: string;
  path: string;
  sentAt: number;
  /** E.g. "503 storage_full, 502, 409 idempotency_in_progress ×20". */
  answers: string;
  last: string;
  attempts: number;
}

export const BUY = { fiatAmount: 2500, network: 'TRC20', withdrawAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', method: 'bank' };

/**
 * Customers placing a buy and uploading its payment proof, one order after another, and an admin
 * completing each paid order: every command with its own Idempotency-Key, sent again with the same
 * key until it is answered (retrying-client.ts). `stop()` stops starting orders; what is under way
 * is carried through (the admin completes every paid order), within `drainMs`.
 */
export function startWorkload({
  client,
  customers,
  admin,
  proof = () => PNG_1PX,
  drainMs = 120_000,
  thinkMs = 0,
}: {
  client: RetryingClient;
  customers: Customer[];
  admin: () => string;
  /** Each upload's file: a new one each time (the desk flags the same proof sent for two orders). */
  proof?: () => Buffer;
  drainMs?: number;
  thinkMs?: number;
}) {
  const record: WorkloadRecord = { acknowledged: [], refused: new Map(), unsettled: [] };
  const paid: { orderId: string; customerId: string }[] = [];
  let running = true;
  let deadline = Number.POSITIVE_INFINITY;
  const run = `${Date.now().toString(36)}`;

  const settle = async (kind: CommandKind, path: string, body: unknown, token: string, key: string, customerId: string, orderId?: string) => {
    const sentAt = Date.now();
    let attempts = 0;
    const answers: { label: string; times: number }[] = [];
    let last = 'no answer';
    const answer: Answer | null = await client.command(
      path,
      body,
      token,
      key,
      () => deadline,
      backoff,
      (seen) => {
        attempts++;
        last = seen ? `${seen.status} ${seen.body?.code ?? ''}`.trim() : 'no answer';
        if (answers.at(-1)?.label === last) answers.at(-1)!.times++;
        else answers.push({ label: last, times: 1 });
      },
    );
    if (answer === null) {
      const seen = answers.map((a) => (a.times > 1 ? `${a.label} ×${a.times}` : a.label)).join(', ');
      record.unsettled.push({ kind, key, path, sentAt, answers: seen, last, attempts });
      return null;
    }
    if (answer.status < 200 || answer.status >= 300) {
      const code = `${kind} ${answer.status} ${answer.body?.code ?? ''}`.trim();
      record.refused.set(code, (record.refused.get(code) ?? 0) + 1);
      return null;
    }
    const id = orderId ?? answer.body.order._id;
    const reference = (body as { bankReference?: string; cryptoReference?: string }).bankReference ?? (body as { cryptoReference?: string }).cryptoReference;
    record.acknowledged.push({
      kind,
      key,
      orderId: id,
      customerId,
      reference,
      sentAt,
      answeredAt: Date.now(),
      attempts,
      replayed: answer.replayed,
    });
    return answer;
  };

  const customerLoop = async (customer: Customer, index: number) => {
    for (let n = 0; running; n++) {
      const placed = await settle('place', '/api/orders/fiat-to-crypto', BUY, customer.token, `place-${run}-${index}-${n}`, customer.userId);
      if (!placed) {
        await sleep(500);
        continue;
      }
      const orderId = placed.body.order._id as string;
      const upload = { dataUrl: dataUrl(proof()), bankReference: `UTR${run}${index}N${n}`.toUpperCase() };
      const uploaded = await settle('upload', `/api/orders/${orderId}/upload`, upload, customer.token, `upload-${orderId}`, customer.userId, orderId);
      if (uploaded) paid.push({ orderId, customerId: customer.userId });
      if (thinkMs > 0) await sleep(thinkMs * (0.5 + Math.random()));
    }
  };

  const adminLoop = async () => {
    while (running || paid.length > 0 || customersBusy) {
      const next = paid.shift();
      if (!next) {
        await sleep(50);
        continue;
      }
      const body = { cryptoReference: `0xchaos${next.orderId.replaceAll('-', '')}` };
      await settle('complete', `/api/admin/orders/${next.orderId}/complete`, body, admin(), `complete-${next.orderId}`, next.customerId, next.orderId);
    }
  };

  let customersBusy = true;
  const customersDone = Promise.all(customers.map(customerLoop)).then(() => (customersBusy = false));
  const adminDone = adminLoop();

  return {
    record,
    /** Commands acknowledged so far (for the progress line). */
    get acknowledged() {
      return record.acknowledged.length;
    },
    async stop() {
      running = false;
      deadline = Date.now() + drainMs;
      await customersDone;
      await adminDone;
      return record;
    },
  };
}
