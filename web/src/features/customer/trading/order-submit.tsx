import { useSay, useT } from '../../../i18n/use-t';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import type { Method } from '../customer-api';
import { RateChangedNotice } from './rate-changed-notice';
import type { RateChange } from './use-place-order';
import { SubmitButton } from '../../../components/submit-button';

interface OrderSubmitProps {
  /** What `usePlaceOrder` says of the placing. */
  order: { isPending: boolean; failure: string | null; ownPasswordNeeded: boolean; rateChange: RateChange | null };
  method: Method;
  ready: boolean;
  onSubmit: () => void;
}

/**
 * The end of a trading form: a refused rate to confirm (for this method), the failure (with the way to
 * a password of one's own, when an admin chose it), Create Order.
 */
export function OrderSubmit({ order, method, ready, onSubmit }: OrderSubmitProps) {
  const t = useT();
  const say = useSay();
  return (
    <>
      {order.rateChange?.method === method && <RateChangedNotice change={order.rateChange} disabled={!ready} onConfirm={onSubmit} />}
      <ErrorAlert>{order.failure && say(order.failure)}</ErrorAlert>
      {order.ownPasswordNeeded && (
        <p>
          <Link to="/forgot-password">{t('customer.trade.forgot')}</Link> {t('customer.trade.ownPassword')}
        </p>
      )}
      <SubmitButton busy={order.isPending} busyLabel={t('customer.trade.creating')} disabled={!ready} className="btn block">
        {t('customer.trade.create')}
      </SubmitButton>
    </>
  );
}
