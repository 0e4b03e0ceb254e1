import { logger } from '@desk/platform/logging/logger';
import { settlesWithin } from '@desk/platform/async/settles-within';
import type { AfterCommand, AfterRecord } from './order-store';

/**
 * How long a command's answer waits for its follow-up jobs to be scheduled. Scheduling takes a few
 * milliseconds while the job queue answers; with Redis away, BullMQ holds each add until it is back
 * (it must: its workers never give up on a slow reply), and every order command with it.
 */
export const FOLLOW_UPS_WAIT_MS = 2_000;

/**
 * The jobs that follow a command's events (an order's expiry, the evidence check, matching, the chain
 * check): for each event in turn, each hook in the order given. The command has already been
 * recorded: its answer waits for them at most `waitMs` in all (not for each of its events: review
 * 15), then goes out while they are scheduled once the queue answers (held by the queue's client
 * until then, in order). A process that stops meanwhile loses what was not yet scheduled, as it did
 * while the answer waited; the expiry sweep expires an order whose job never ran. Each hook logs its
 * own failure and never throws (AfterRecord).
 */
export function orderFollowUps(hooks: readonly AfterRecord[], waitMs = FOLLOW_UPS_WAIT_MS): AfterCommand {
  return async (events, view) => {
    const scheduled = (async () => {
      for (const event of events) for (const hook of hooks) await hook(event, view);
    })().catch((error: unknown) =>
      logger.warn('order follow-up failed', { orderId: view.orderId, events: events.map((event) => event.type), error: String(error) }),
    );
    if (!(await settlesWithin(scheduled, waitMs)))
      logger.warn('order follow-up jobs not scheduled yet (is the job queue reachable?); answering, they follow', {
        orderId: view.orderId,
        events: events.map((event) => event.type),
      });
  };
}
