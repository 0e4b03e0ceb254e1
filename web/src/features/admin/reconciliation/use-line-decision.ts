import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../../components/toasts';
import { failureText } from '../../../lib/failure-text';
import { adminKeys } from '../admin-api';

/**
 * An admin's decision about a statement line (assign it to an order, mark it for refund): the
 * server's message as a toast, and everything under 'admin' refreshed (the queue, the account's
 * lines, the order now showing its money). A refusal stays in the dialog in the server's words.
 */
export function useLineDecision<Input>(decide: (input: Input) => Promise<{ message: string }>, fallback: string) {
  const client = useQueryClient();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: decide,
    onSuccess: async (answer) => {
      toast(answer.message);
      await client.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
  return { ...mutation, failure: mutation.isError ? failureText(mutation.error, fallback) : null };
}
