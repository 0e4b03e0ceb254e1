import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Detail } from '../../../components/detail';
import { ErrorAlert } from '../../../components/error-alert';
import { adminApi } from '../admin-api';
import { isConflict, useOrderCommand } from './use-order-command';
import { useRejectReason } from './reject-reason-fields';

interface RejectOrderDialogProps {
  order: { _id: string; refCode: string; user: { phone: string } };
  onClose: () => void;
}

/** Rejecting is final, so it is confirmed with the order's ref code and the customer's phone in view. */
export function RejectOrderDialog({ order, onClose }: RejectOrderDialogProps) {
  const reject = useOrderCommand(adminApi.reject, 'Order rejected successfully', 'Failed to reject order');
  const { reason, fields } = useRejectReason();
  return (
    <ConfirmDialog
      title="Reject Order"
      confirmLabel={reject.isPending ? 'Processing...' : 'Reject Order'}
      busy={reject.isPending}
      onCancel={onClose}
      // On a 409 the order already moved on; the toast says how, and the dialog has nothing left to ask.
      onConfirm={() => reject.mutate({ id: order._id, ...reason }, { onSuccess: onClose, onError: (error) => isConflict(error) && onClose() })}
    >
      <dl className="details">
        <Detail label="Ref Code">{order.refCode}</Detail>
        <Detail label="User">{order.user.phone}</Detail>
      </dl>
      <p>Are you sure you want to reject order {order.refCode}?</p>
      {fields}
      <ErrorAlert>{reject.failure}</ErrorAlert>
    </ConfirmDialog>
  );
}
