import { useId, useState, type FormEvent } from 'react';
import { formatInr } from '@desk/machines/pricing/pricing';
import { Field } from '../../../components/field';
import { isBuyOrder } from '../../../lib/order-format';
import { ErrorAlert } from '../../../components/error-alert';
import { adminApi, type AdminOrder, type Completion } from '../admin-api';
import { useOrderCommand } from './use-order-command';
import { SubmitButton } from '../../../components/submit-button';

/**
 * Completes an order from the list. A buy is done when the USDT left (its transaction), a sell when
 * the INR left (the payout UTR): the form asks for that reference and will not submit without it.
 * A reference already recorded (crypto sent earlier) is filled in.
 */
export function CompleteOrderForm({ order }: { order: AdminOrder }) {
  const buy = isBuyOrder(order);
  const titleId = useId();
  const [reference, setReference] = useState((buy ? order.cryptoReference : order.bankUtr) ?? '');
  const [rate, setRate] = useState('');
  const complete = useOrderCommand((json: Completion) => adminApi.complete(order._id, json), 'Order completed successfully', 'Validation error');
  const ready = reference.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const json: Completion = buy ? { cryptoReference: reference.trim() } : { bankUtr: reference.trim() };
    if (rate.trim()) json.rate = rate.trim();
    complete.mutate(json);
  };

  return (
    <form className="complete-order" onSubmit={submit} aria-labelledby={titleId}>
      <h3 id={titleId}>Complete Order</h3>
      <Field
        label={buy ? 'Crypto Transaction Reference' : 'UTR Reference'}
        hint={buy ? 'The USDT transaction sent to the customer' : 'The bank UTR of the INR paid to the customer'}
      >
        <input value={reference} onChange={(e) => setReference(e.target.value)} autoComplete="off" />
      </Field>
      <Field
        label="Rate"
        hint={order.latePayment ? 'Paid late: enter the rate to complete at (a re-quote)' : `Leave empty to keep ${formatInr(order.rate)} per USDT`}
      >
        <input value={rate} inputMode="decimal" placeholder={order.rate} onChange={(e) => setRate(e.target.value)} />
      </Field>
      <SubmitButton busy={complete.isPending} busyLabel="Processing..." disabled={!ready}>
        Mark as Completed
      </SubmitButton>
      <ErrorAlert>{complete.failure}</ErrorAlert>
    </form>
  );
}
