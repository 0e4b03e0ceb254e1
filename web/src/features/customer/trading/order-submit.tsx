import { ErrorAlert } from '../../../components/error-alert';
import type { Method } from '../customer-api';
import { RateChangedNotice } from './rate-changed-notice';
import type { RateChange } from './use-place-order';

interface OrderSubmitProps {
  /** What `usePlaceOrder` says of the placing. */
  order: { isPending: boolean; failure: string | null; rateChange: RateChange | null };
  method: Method;
  ready: boolean;
  onSubmit: () => void;
}

/** The end of a trading form: a refused rate to confirm (for this method), the failure, Create Order. */
export function OrderSubmit({ order, method, ready, onSubmit }: OrderSubmitProps) {
  return (
    <>
      {order.rateChange?.method === method && <RateChangedNotice change={order.rateChange} disabled={!ready} onConfirm={onSubmit} />}
      <ErrorAlert>{order.failure}</ErrorAlert>
      <button type="submit" className="btn block" disabled={!ready}>
        {order.isPending ? 'Creating...' : 'Create Order'}
      </button>
    </>
  );
}
