import { call } from './http-client';
import type { SeededViewer } from './streams-seed';

/** One change a command made: whose order, and when the command's answer came back. */
export interface MadeChange {
  userId: string;
  tenantId: string;
  answeredAt: number;
}

const now = () => performance.timeOrigin + performance.now();

/**
 * Orders changing while the streams are held: every 1/`ordersPerSecond` s a customer (the next of
 * `customers`, each holding a stream) places an order, and an operator admin rejects the order
 * placed a tick before, so the feed carries a placement and a rejection per tick, each for the
 * order's customer, its brand's admins and the operator's. Open loop: a slow answer does not slow
 * the schedule. Answers each change by `orderId|status`, with when its command was answered.
 */
export async function changeOrders(
  base: string,
  customers: readonly SeededViewer[],
  admin: SeededViewer,
  ordersPerSecond: number,
  seconds: number,
  offset: number,
): Promise<{ changes: Map<string, MadeChange>; failures: string[] }> {
  const changes = new Map<string, MadeChange>();
  const failures: string[] = [];
  const inFlight: Promise<void>[] = [];
  const ticks = Math.max(1, Math.round(ordersPerSecond * seconds));
  const started = performance.now();
  let previous: Promise<{ id: string; customer: SeededViewer } | null> = Promise.resolve(null);
  for (let tick = 0; tick < ticks; tick++) {
    const wait = started + (tick * 1000) / ordersPerSecond - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const customer = customers[(offset + tick) % customers.length]!;
    const toReject = previous;
    const placed = call(base, 'POST', '/api/orders/fiat-to-crypto', {
      token: customer.token,
      body: { fiatAmount: 1000 + (tick % 9_000), network: 'TRC20', withdrawAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', method: 'bank' },
      expect: 201,
    }).then(
      ({ order }: { order: { _id: string; status: string } }) => {
        changes.set(`${order._id}|${order.status}`, { userId: customer.userId, tenantId: customer.tenantId, answeredAt: now() });
        return { id: order._id, customer };
      },
      (error: Error) => {
        failures.push(error.message);
        return null;
      },
    );
    previous = placed;
    inFlight.push(
      toReject.then(async (order) => {
        if (!order) return;
        const answer = await call(base, 'POST', `/api/admin/orders/${order.id}/reject`, {
          token: admin.token,
          body: { reasonCode: 'other', note: 'stream bench' },
        }).catch((error: Error) => void failures.push(error.message));
        if (answer) changes.set(`${order.id}|${answer.order.status}`, { userId: order.customer.userId, tenantId: order.customer.tenantId, answeredAt: now() });
      }),
    );
  }
  inFlight.push(previous.then(() => undefined));
  await Promise.all(inFlight);
  return { changes, failures };
}
