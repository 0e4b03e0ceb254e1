import { orderMachine } from '@desk/machines/order/order.machine';
import { availableActions, type OrderAction } from '@desk/machines/order/order-actions';
import { actionsBesideRequest } from '@desk/machines/order/pending-request';
import { UNPLACED_ORDER } from '@desk/machines/order/order-context';
import { ORDER_STATUS_LABELS } from '@desk/machines/order/order-state';
import type { OrderStatus, OrderType } from '@desk/machines/order/order.events';

export type { OrderAction };

interface OrderForAdmin {
  _id: string;
  refCode: string;
  type: OrderType;
  status: string;
  proofCount: number;
  bankReference: string | null;
  cryptoReference: string | null;
  bankUtr: string | null;
  /** Paid after the window: an expired order the desk may still re-quote or reject. */
  latePayment?: boolean;
  /** A completion waiting for a second admin: it holds the settling actions (pending-request.ts). */
  completionRequest?: unknown;
}

const isMachineStatus = (status: string): status is OrderStatus => Object.hasOwn(ORDER_STATUS_LABELS, status);

/**
 * What an admin may do with this order now (verify, markCryptoSent, complete, reject), asked of the
 * same machine the server decides with, so a button shows exactly when the server would accept it.
 * The admin guards read the order type and the references already recorded; the rest of the
 * context keeps the machine's defaults. An unknown status offers nothing rather than guessing. A
 * completion waiting for a second admin holds Mark Crypto Sent, Approve and Reject, as the server does.
 */
export function adminActions(order: OrderForAdmin): OrderAction[] {
  if (!isMachineStatus(order.status)) return [];
  const context = {
    ...UNPLACED_ORDER,
    orderId: order._id,
    refCode: order.refCode,
    orderType: order.type,
    proofCount: order.proofCount,
    bankReference: order.bankReference,
    cryptoReference: order.cryptoReference,
    bankUtr: order.bankUtr,
    latePayment: order.latePayment ?? false,
  };
  const actions = availableActions(orderMachine.resolveState({ value: order.status, context }), 'admin');
  return actionsBesideRequest(actions, Boolean(order.completionRequest));
}
