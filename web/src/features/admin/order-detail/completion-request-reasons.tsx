import { formatInr } from '@desk/machines/pricing/pricing';
import { formatDateTime } from '../../../lib/format-date-time';
import type { AdminOrder } from '../admin-api';

type Request = NonNullable<AdminOrder['completionRequest']>;

/** Why this request needs a second admin, in the desk's words, with the numbers four eyes compared. */
function reasonText(reason: Request['reasons'][number], request: Request): string {
  switch (reason) {
    case 'above_threshold':
      return `It is worth ${formatInr(request.valueInr ?? request.fiatAmount)}, above the four-eyes threshold of ${formatInr(request.thresholdInr)}.`;
    case 'requote_outside_band':
      return `It is re-quoted at ${request.rate}, further from the rate in force${request.rateInForce ? ` (${request.rateInForce})` : ''} than the re-quote band allows.`;
    case 'over_customer_limit':
      return 'A late payment revived it and took the customer over their daily or monthly limit.';
    case 'own_order':
      return "The admin who asked is this order's customer, or holds the customer's phone: money to oneself is never one person's decision.";
    case 'account_made_by_you':
      return "The admin who asked made this customer's account: an admin never pays out alone to an account they made.";
    case 'money_in_doubt':
      return 'The bank statement or the chain disagrees with its payment (see the payment checks): paying it out is never one admin’s call.';
  }
}

const EVIDENCE: Record<Request['evidenceSince'][number]['kind'], string> = {
  proof: 'The customer sent another proof',
  flag: 'The order was flagged',
  verified: 'An admin verified the payment',
  bank: 'A bank statement line was matched to it',
};

const FLAGS: Record<string, string> = {
  duplicate_reference: 'the same payment reference is on another order',
  duplicate_proof: 'the same proof picture is on another order',
  over_customer_limit: 'over the customer’s limit',
  reference_matched_elsewhere: 'its payment reference pays another order on the bank statement',
  payment_reversed: 'the bank reversed its payment',
  payout_mismatch: 'the chain does not show its payout',
  paid_to_other_brand: 'its payment reference is on another brand’s account',
};

/** The reasons, and what reached the order since it was asked (none of it changes the terms). */
export function CompletionRequestReasons({ request }: { request: Request }) {
  return (
    <>
      <ul className="completion-reasons" aria-label="Why a second admin is needed">
        {request.reasons.map((reason) => (
          <li key={reason}>{reasonText(reason, request)}</li>
        ))}
      </ul>
      {request.evidenceSince.length > 0 && (
        <section aria-label="Since the request">
          <h3 className="small-heading">Since the request</h3>
          <ul>
            {request.evidenceSince.map((e, i) => (
              <li key={`${e.kind}/${e.at}/${i}`}>
                {EVIDENCE[e.kind]}
                {e.kind === 'flag' && e.detail ? `: ${FLAGS[e.detail] ?? e.detail}` : e.kind === 'proof' && e.detail ? ` (${e.detail})` : ''} on{' '}
                {formatDateTime(e.at)}.
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
