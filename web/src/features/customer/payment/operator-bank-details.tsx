import { useT } from '../../../i18n/use-t';
import { useOperatorBankDetails } from '../customer-queries';
import { CopyButton } from '../../../components/copy-button';
import { Detail } from '../../../components/detail';

/** Where a buyer sends the INR: the tenant's active bank accounts. */
export function OperatorBankDetails() {
  const t = useT();
  const { data } = useOperatorBankDetails();
  // A failed fetch is only logged; the panel keeps its loading text (seed-spec section 8).
  if (!data) return <p className="muted">{t('customer.pay.loadingBank')}</p>;
  if (data.length === 0) return <p className="muted">{t('customer.pay.noBank')}</p>;
  return (
    <div className="operator-accounts">
      {data.map((account) => (
        <dl key={`${account.accountNumber}-${account.ifsc}`} className="details">
          <Detail label={t('customer.pay.bankName')}>{account.bankName}</Detail>
          <Detail label={t('customer.pay.accountName')}>{account.accountName}</Detail>
          <Detail label={t('customer.pay.accountNumber')} className="row">
            <span>{account.accountNumber}</span>{' '}
            <CopyButton text={account.accountNumber} label={t('customer.copy.label')} what={t('customer.copy.accountNumber')} done={t('customer.copy.done')} />
          </Detail>
          <Detail label={t('customer.pay.ifsc')} className="row">
            <span>{account.ifsc}</span>{' '}
            <CopyButton text={account.ifsc} label={t('customer.copy.label')} what={t('customer.copy.ifsc')} done={t('customer.copy.done')} />
          </Detail>
        </dl>
      ))}
    </div>
  );
}
