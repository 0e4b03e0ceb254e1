import type { SmsSender } from '../sms/sms-sender';
import type { OrderCommands } from '../orders/order-commands';
import { expireOrderJob } from '../orders/order-expiry-jobs';
import { evidenceCheckJob } from '../orders/evidence/evidence-jobs';
import type { EvidenceCheck } from '../orders/evidence/evidence-check';
import type { JobHandlers } from '../jobs/job-queue';

export interface JobHandlerDeps {
  sms: SmsSender;
  commands: OrderCommands;
  evidence: EvidenceCheck;
  /** Rebuilds a projection (provided by the composition root, which knows the projections). */
  rebuildProjection: (name: string) => Promise<void>;
  /** Matches a statement's lines or an order's references (reconciliation/matching-jobs.ts). */
  match: JobHandlers['reconciliation.match'];
  /** Reads an order's transaction on the chain (chain/chain-check-jobs.ts). */
  chainCheck: JobHandlers['chain.check'];
  /** Sends a customer notification's SMS once (notifications/notification-sms.ts). */
  notificationSms: JobHandlers['notification.sms'];
  /** One attempt of a webhook delivery (webhooks/webhook-dispatch.ts). */
  webhookDeliver: JobHandlers['webhook.deliver'];
}

/** What each background job does; the same handlers run in-process or in a BullMQ worker. */
export function jobHandlers({ sms, commands, evidence, rebuildProjection, match, chainCheck, notificationSms, webhookDeliver }: JobHandlerDeps): JobHandlers {
  return {
    'otp.deliver': (message) => sms.send(message),
    'order.expire': expireOrderJob(commands),
    'order.evidence': evidenceCheckJob(evidence),
    'projection.rebuild': ({ projection }) => rebuildProjection(projection),
    'reconciliation.match': match,
    'chain.check': chainCheck,
    'notification.sms': notificationSms,
    'webhook.deliver': webhookDeliver,
  };
}
