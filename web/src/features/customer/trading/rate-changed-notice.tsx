import { useT } from '../../../i18n/use-t';
import { formatInr } from '@desk/machines/pricing/pricing';
import type { RateChange } from './use-place-order';

/** Shown after the server refused the old rate: the message, the new rate, and a way to accept it. */
export function RateChangedNotice({ change, disabled, onConfirm }: { change: RateChange; disabled: boolean; onConfirm: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="notice warning">
      <p>{change.message}</p>
      <p>
        {t('customer.trade.newRate')} <strong>{formatInr(change.rate)} / USDT</strong>
      </p>
      <button type="button" className="btn" disabled={disabled} onClick={onConfirm}>
        {t('customer.trade.confirmRate')}
      </button>
    </div>
  );
}
