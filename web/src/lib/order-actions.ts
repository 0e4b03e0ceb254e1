import { orderMachine } from '@desk/machines/order/order.machine';
import { availableActions, type OrderAction } from '@desk/machines/order/order-actions';
import { UNPLACED_ORDER, type OrderContext } from '@desk/machines/order/order-context';
import { ORDER_STATUS_LABELS } from '@desk/machines/order/order-state';
import type { OrderStatus, OrderType } from '@desk/machines/order/order.events';

export type { OrderAction };

/** The fields of an order as the API returns it that the machine's guards and context read. */
export interface OrderForActions {
  _id: string;
  refCode: string;
  type: OrderType;
  status: string;
  proofCount: number;
  attachments: readonly { url: string; name: string; contentType: string; size: number }[];
  method?: OrderContext['method'];
  network?: OrderContext['network'];
  rate?: string;
  feePercent?: string;
  feeAmount?: string;
  fiatAmount?: string;
  cryptoAmount?: string;
  withdrawAddress?: string | null;
  depositAddress?: string | null;
  bankReference?: string | null;
  cryptoReference?: string | null;
  bankUtr?: string | null;
  rateLockedUntil?: string;
  paymentDueAt?: string;
  createdAt?: string;
  updatedAt?: string;
}

const isMachineStatus = (status: string): status is OrderStatus => Object.hasOwn(ORDER_STATUS_LABELS, status);

/**
 * The machine's context rebuilt from the order JSON. Attachments travel as signed links, so the
 * link stands in for the file id: the guards only count attachments, they never open them.
 */
function contextOf(order: OrderForActions): OrderContext {
  const d = UNPLACED_ORDER;
  return {
    ...d,
    orderId: order._id,
    refCode: order.refCode,
    orderType: order.type,
    method: order.method ?? d.method,
    network: order.network ?? d.network,
    rate: order.rate ?? d.rate,
    feePercent: order.feePercent ?? d.feePercent,
    feeAmount: order.feeAmount ?? d.feeAmount,
    fiatAmount: order.fiatAmount ?? d.fiatAmount,
    cryptoAmount: order.cryptoAmount ?? d.cryptoAmount,
    withdrawAddress: order.withdrawAddress ?? null,
    depositAddress: order.depositAddress ?? null,
    bankReference: order.bankReference ?? null,
    cryptoReference: order.cryptoReference ?? null,
    bankUtr: order.bankUtr ?? null,
    attachments: order.attachments.map((a) => ({ fileId: a.url, name: a.name, contentType: a.contentType, size: a.size })),
    proofCount: order.proofCount,
    rateLockedUntil: order.rateLockedUntil ?? d.rateLockedUntil,
    paymentDueAt: order.paymentDueAt ?? d.paymentDueAt,
    createdAt: order.createdAt ?? d.createdAt,
    updatedAt: order.updatedAt ?? d.updatedAt,
  };
}

/**
 * What the customer may do with this order now (submitProof, cancel), asked of the same machine
 * the server decides with, so a button shows exactly when the server would accept it.
 * A status the machine does not know (an old spelling) offers nothing rather than guessing.
 */
export function customerActions(order: OrderForActions): OrderAction[] {
  if (!isMachineStatus(order.status)) return [];
  const snapshot = orderMachine.resolveState({ value: order.status, context: contextOf(order) });
  return availableActions(snapshot, 'customer');
}
