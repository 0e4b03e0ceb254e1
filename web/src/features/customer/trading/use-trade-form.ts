import { useState } from 'react';
import type { Side } from '@desk/machines/pricing/pricing';
import type { Method, Order } from '../customer-api';
import { usePlaceOrder } from './use-place-order';
import { useTradeTerms } from './use-trade-terms';
import { useLimitHeadroom } from './limit-headroom';

/**
 * What the buy and the sell form each hold: the method and the amount as typed, the placing of the
 * order (which empties the amount once placed, then tells `onPlaced`), the rate and fee for the
 * chosen method, and what the customer may still order under their limits.
 */
export function useTradeForm<Request extends { method: Method; expectedRate?: string }>(
  side: Side,
  send: (request: Request, idempotencyKey: string) => Promise<{ order: Order }>,
  onPlaced: (order: Order) => void,
) {
  const [method, setMethod] = useState<Method>('bank');
  const [amount, setAmount] = useState('');
  const order = usePlaceOrder(side, send, (placed) => {
    setAmount('');
    onPlaced(placed);
  });
  const { rate, feePercent, loadError } = useTradeTerms(side, method, order.rateFor);
  const headroom = useLimitHeadroom().data;
  return { method, setMethod, amount, setAmount, order, rate, feePercent, loadError, headroom };
}
