import type { OtpPurpose } from '../sms/sms-sender';
import type { CustomerNotice } from '@desk/projections/read-models/notifications/customer-notices';

/** Every background job, by name, with its data. */
export interface JobPayloads {
  'otp.deliver': { phone: string; code: string; purpose: OtpPurpose };
  'order.expire': { orderId: string };
  'order.evidence': { orderId: string };
  /** A statement's new lines (how many the read model must hold first), or an order's references, matched (reconciliation/matching-jobs.ts). */
  'reconciliation.match': { statementId?: string; lines?: number; orderId?: string };
  /** An order's transaction read on the chain, the `round`th time (chain/chain-check-jobs.ts). */
  'chain.check': { orderId: string; round: number };
  'projection.rebuild': { projection: string; requestedBy: string };
  /** One attempt of a webhook delivery (webhooks/webhook-dispatch.ts); job id `webhook-<delivery id>-<attempt>`. */
  'webhook.deliver': { deliveryId: string };
  /** A customer notification's SMS, sent once (notifications/notification-sms.ts); job id `sms-<notification id>`. */
  'notification.sms': CustomerNotice & { notificationId: string; userId: string; tenantId: string };
}
export type JobName = keyof JobPayloads;
export type JobHandlers = { [N in JobName]: (data: JobPayloads[N]) => Promise<void> };

export interface JobOptions {
  delayMs?: number;
  /** A stable id makes scheduling idempotent and lets the job be removed later. No ':' (BullMQ). */
  jobId?: string;
  attempts?: number;
}

/**
 * Background jobs: BullMQ on Redis when REDIS_URL is set (durable, shared, run by `start:worker` or
 * any process that runs workers), else timers in this process (lost if it stops; the expiry sweep
 * and the slow paths cover for that).
 */
export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  add<N extends JobName>(name: N, data: JobPayloads[N], options?: JobOptions): Promise<void>;
  remove(jobId: string): Promise<void>;
  /** Jobs not finished yet, by state: what the metrics report (a growing `waiting` means no worker keeps up). */
  depth(): Promise<QueueDepth>;
  close(): Promise<void>;
}

export interface QueueDepth {
  /** Due and not started (BullMQ: waiting or prioritized). */
  waiting: number;
  /** Scheduled for later: order expiries wait here for their payment window, retries for their backoff. */
  delayed: number;
  /** Running now. */
  active: number;
}

export const DEFAULT_ATTEMPTS = 5;
/** 1 s, 2 s, 4 s, ... between retries. */
export const backoffMs = (attempt: number) => 1000 * 2 ** (attempt - 1);
