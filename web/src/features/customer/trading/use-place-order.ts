import { useSay } from '../../../i18n/use-t';
import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, errorText, newIdempotencyKey } from '../../../lib/api';
import { rememberPlaced } from '../placed-orders';
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
/** An admin made the account and chose its password: it orders once its holder sets their own by SMS (decision 0029). */
const needsOwnPassword = (error: unknown) => error instanceof ApiError && error.status === 403 && error.body.code === 'phone_not_verified';

/**
 * Places an order with the rate the customer saw (`expectedRate`). When the rate moved meanwhile
 * the server answers rate_changed: the new rate is kept so the preview shows it and the customer
 * confirms again at that rate, instead of getting a price they never saw.
 */
export function usePlaceOrder<Request extends { method: Method; expectedRate?: string }>(
  side: 'buy' | 'sell',
  send: (request: Request, idempotencyKey: string) => Promise<{ order: Order }>,
  onPlaced: (order: Order) => void,
) {
  const client = useQueryClient();
  const toast = useToast();
  const say = useSay();
  const [rateChange, setRateChange] = useState<RateChange | null>(null);
  // One key per submit: sending the same order again after no answer (a dropped connection, a
  // 5xx) reuses it, so the server places it once; anything else that was answered starts afresh.
  const submit = useRef<{ body: string; key: string } | null>(null);
  const keyFor = (request: Request) => {
    const body = JSON.stringify(request);
    if (submit.current?.body !== body) submit.current = { body, key: newIdempotencyKey() };
    return submit.current.key;
  };
  const mutation = useMutation({
    mutationFn: (request: Request) => send(request, keyFor(request)),
    onSuccess: async ({ order }) => {
      submit.current = null;
      // Read-your-writes: My Orders shows it before the read model does (placed-orders.ts).
      rememberPlaced(order);
      client.setQueryData(keys.order(order._id), order);
      setRateChange(null);
      toast(say(SUCCESS[side]));
      onPlaced(order);
      await client.invalidateQueries({ queryKey: keys.orders, exact: true });
    },
    onError: (error, request) => {
      const answered = error instanceof ApiError && error.status > 0 && error.status < 500 && error.body.code !== 'idempotency_in_progress';
      if (answered) submit.current = null;
      if (isRateChanged(error)) {
        setRateChange({ method: request.method, rate: String(error.body.currentRate), message: errorText(error.body, error.status) });
        void client.invalidateQueries({ queryKey: ['config', 'public'] });
        return;
      }
      toast(say(failureText(error, 'Failed to create order')), 'error');
    },
  });
  const failure = mutation.isError && !isRateChanged(mutation.error) ? failureText(mutation.error, 'Failed to create order') : null;
  /** The rate to show and send: the refused-and-replaced one for this method, else the configured one. */
  const rateFor = (method: Method, configured: string) => (rateChange?.method === method ? rateChange.rate : configured);
  const ownPasswordNeeded = mutation.isError && needsOwnPassword(mutation.error);
  return { place: mutation.mutate, isPending: mutation.isPending, failure, ownPasswordNeeded, rateChange, rateFor };
}
