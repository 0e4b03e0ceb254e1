import type { NoticeKind } from '@desk/projections/read-models/notifications/customer-notices';
import type { SmsStatus } from '../db/services-database';

/** At most this many SMS to one customer in any hour; past it the bell still tells them (decision 0040). */
export const SMS_PER_CUSTOMER_PER_HOUR = 5;

/**
 * A completed or rejected order moved or refused the customer's money: they are always told.
 * A payment seen and an order expired are news the customer may turn off (decision 0040).
 */
export const ESSENTIAL: Readonly<Record<NoticeKind, boolean>> = {
  payment_verified: false,
  buy_completed: true,
  sell_completed: true,
  rejected: true,
  expired: false,
};

export interface SmsFacts {
  kind: NoticeKind;
  phone: string | null;
  /** The customer's choice about the optional messages (true when they never chose). */
  optionalSms: boolean;
  /** Their messages sent, or being sent, in the hour before this one. */
  sentInLastHour: number;
  /** The gateway sends commercial SMS only with a registered DLT template (the HTTP gateway does; the console and outbox do not). */
  needsDltTemplate: boolean;
  hasDltTemplate: boolean;
}

/**
 * Whether a notification's SMS goes out, and when not, why (the row says so, the bell shows it all
 * the same). The cap holds for every message, essential ones too: it is what stops a desk's bulk
 * reject of a customer's twenty orders from sending twenty texts.
 */
export function decideSms(facts: SmsFacts): Exclude<SmsStatus, 'sent'> {
  if (!facts.phone) return 'no_phone';
  if (!ESSENTIAL[facts.kind] && !facts.optionalSms) return 'opted_out';
  if (facts.needsDltTemplate && !facts.hasDltTemplate) return 'no_template';
  if (facts.sentInLastHour >= SMS_PER_CUSTOMER_PER_HOUR) return 'capped';
  return 'sending';
}
