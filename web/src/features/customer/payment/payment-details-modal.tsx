import { useT } from '../../../i18n/use-t';
import { Modal } from '../../../components/modal';
import type { Order } from '../customer-api';
import { amountGiven, isBuyOrder } from '../../../lib/order-format';
import { OperatorBankDetails } from './operator-bank-details';
import { OperatorWalletDetails } from './operator-wallet-details';
import { PaymentInstructions } from './payment-instructions';
import { QuickProofForm } from './quick-proof-form';

/** Shown right after an order is created: where to pay, then the proof, without leaving the dashboard. */
export function PaymentDetailsModal({ order, onClose }: { order: Order; onClose: () => void }) {
  const t = useT();
  const buy = isBuyOrder(order);
  const lead = { ref: order.refCode, amount: amountGiven(order), network: order.network ?? '' };
  return (
    <Modal title={t('customer.pay.title')} closeLabel={t('customer.dialog.close')} onClose={onClose} size="large">
      <p>{buy ? t('customer.pay.buyLead', lead) : t('customer.pay.sellLead', lead)}</p>
      {buy ? <OperatorBankDetails /> : <OperatorWalletDetails depositAddress={order.depositAddress} />}
      <PaymentInstructions order={order} />
      <QuickProofForm order={order} onSubmitted={onClose} />
    </Modal>
  );
}
