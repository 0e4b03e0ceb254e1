import { Modal } from '../../../components/modal';
import type { Order } from '../customer-api';
import { amountGiven, isBuyOrder } from '../../../lib/order-format';
import { OperatorBankDetails } from './operator-bank-details';
import { OperatorWalletDetails } from './operator-wallet-details';
import { PaymentInstructions } from './payment-instructions';
import { QuickProofForm } from './quick-proof-form';

/** Shown right after an order is created: where to pay, then the proof, without leaving the dashboard. */
export function PaymentDetailsModal({ order, onClose }: { order: Order; onClose: () => void }) {
  const buy = isBuyOrder(order);
  return (
    <Modal title="Payment Details" onClose={onClose} size="large">
      <p>
        Order <strong>{order.refCode}</strong>: {buy ? 'pay' : 'send'} <strong>{amountGiven(order)}</strong>
        {buy ? ' to the account below.' : ` on ${order.network} to the address below.`}
      </p>
      {buy ? <OperatorBankDetails /> : <OperatorWalletDetails depositAddress={order.depositAddress} />}
      <PaymentInstructions order={order} />
      <QuickProofForm order={order} onSubmitted={onClose} />
    </Modal>
  );
}
