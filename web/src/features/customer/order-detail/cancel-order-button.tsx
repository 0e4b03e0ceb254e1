import { useSay, useT } from '../../../i18n/use-t';
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../../components/toasts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { customerApi, type Order } from '../customer-api';
import { keys } from '../customer-queries';
import { failureText } from '../../../lib/failure-text';

/** Cancelling cannot be undone, so it is confirmed first. */
export function CancelOrderButton({ order }: { order: Order }) {
  const client = useQueryClient();
  const t = useT();
  const say = useSay();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({
    mutationFn: () => customerApi.cancel(order._id),
    onSuccess: async (answer) => {
      setAsking(false);
      toast(say(answer.message));
      client.setQueryData(keys.order(order._id), answer.order);
      // Only the list: the answer already is the order as it now stands.
      await client.invalidateQueries({ queryKey: keys.orders, exact: true });
    },
    onError: (error) => toast(say(failureText(error, 'Failed to cancel order')), 'error'),
  });
  return (
    <>
      <button type="button" className="btn danger" onClick={() => setAsking(true)}>
        {t('customer.order.cancel')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t('customer.order.cancel')}
          confirmLabel={cancel.isPending ? t('customer.order.cancelling') : t('customer.order.cancel')}
          busy={cancel.isPending}
          cancelLabel={t('customer.saved.cancel')}
          closeLabel={t('customer.dialog.close')}
          onCancel={() => setAsking(false)}
          onConfirm={() => cancel.mutate()}
        >
          <p>{t('customer.order.cancelAsk', { ref: order.refCode })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
