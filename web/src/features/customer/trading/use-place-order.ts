import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, errorText } from '../../../lib/api';
import { useToast } from '../../../components/toasts';
import type { Method, Order } from '../customer-api';
import { keys } from '../customer-queries';
import { failureText } from '../../../lib/failure-text';

/** The server refused the shown rate: the new one, for the method it applies to. */
export interface RateChange {
  method: Method;
  rate: string;
  message: string;
}

const SUCCESS = { buy: 'Buy order created successfully!', sell: 'Sell order created successfully!' } as const;

const isRateChanged = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 409 && error.body.error === 'rate_changed';

/**
 * Places an order with the rate the customer saw (`expectedRate`). When the rate moved meanwhile
 * the server answers rate_changed: the new rate is kept so the preview shows it and the customer
 * confirms again at that rate, instead of getting a price they never saw.
 */
export function usePlaceOrder<Request extends { method: Method; expectedRate?: string }>(
  side: 'buy' | 'sell',
  send: (request: Request) => Promise<{ order: Order }>,
  onPlaced: (order: Order) => void,
) {
  const client = useQueryClient();
  const toast = useToast();
  const [rateChange, setRateChange] = useState<RateChange | null>(null);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: async ({ order }) => {
      setRateChange(null);
      toast(SUCCESS[side]);
      onPlaced(order);
      await client.invalidateQueries({ queryKey: keys.orders, exact: true });
    },
    onError: (error, request) => {
      if (isRateChanged(error)) {
        setRateChange({ method: request.method, rate: String(error.body.currentRate), message: errorText(error.body, error.status) });
        void client.invalidateQueries({ queryKey: ['config', 'public'] });
        return;
      }
      toast(failureText(error, 'Failed to create order'), 'error');
    },
  });
  const failure = mutation.isError && !isRateChanged(mutation.error) ? failureText(mutation.error, 'Failed to create order') : null;
  /** The rate to show and send: the refused-and-replaced one for this method, else the configured one. */
  const rateFor = (method: Method, configured: string) => (rateChange?.method === method ? rateChange.rate : configured);
  return { place: mutation.mutate, isPending: mutation.isPending, failure, rateChange, rateFor };
}
