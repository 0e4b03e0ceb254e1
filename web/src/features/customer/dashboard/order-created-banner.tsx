import { useT } from '../../../i18n/use-t';
import { CopyButton } from '../../../components/copy-button';

/** Confirms the new order and keeps its reference at hand (customers quote it when they pay). */
export function OrderCreatedBanner({ refCode, onDismiss }: { refCode: string; onDismiss: () => void }) {
  const t = useT();
  return (
    <div className="banner success" role="status">
      <span>
        {t('customer.created.text')} <strong>{refCode}</strong>
      </span>
      <div className="row">
        <CopyButton text={refCode} done={t('customer.created.copied')} label={t('customer.copy.label')} what={t('customer.copy.reference')} />
        <button type="button" className="btn secondary small" onClick={onDismiss}>
          {t('customer.created.dismiss')}
        </button>
      </div>
    </div>
  );
}
