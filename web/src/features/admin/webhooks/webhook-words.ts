import type { Delivery } from './webhooks-api';

/** A delivery's state as the desk reads it; the badge class reuses the order states' colours. */
export const DELIVERY_STATE: Record<Delivery['state'], { label: string; badge: string }> = {
  pending: { label: 'Waiting to send', badge: 'pending' },
  retrying: { label: 'Retrying', badge: 'pending' },
  delivered: { label: 'Delivered', badge: 'completed' },
  failed: { label: 'Failed', badge: 'rejected' },
};

/** What came back from one attempt, in words: the receiver's status, or why there was none. */
export function answerText(attempt: { statusCode: number | null; error: string | null }): string {
  if (attempt.statusCode !== null) return `Answered ${attempt.statusCode}`;
  return attempt.error ? `No answer: ${attempt.error}` : 'No answer';
}
