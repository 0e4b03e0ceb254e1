import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../../components/toasts';
import { ApiError } from '../../../lib/api';
import { failureText } from '../../../lib/failure-text';
import { adminKeys } from '../admin-api';

/** 409: the order is no longer in a state that allows the command (someone else moved it). */
export const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * One admin command on orders. Success is toasted (a fixed text, or one made from the answer). A failure becomes `failure` for the screen to show
 * beside the button (the server's words when it sent some, else the screen's own text), except a
 * 409: the refreshed order may no longer show that button at all, so its text goes to a toast,
 * which outlives the change. Either way everything admin is fetched again.
 */
export function useOrderCommand<Vars, Answer>(run: (vars: Vars) => Promise<Answer>, success: string | ((answer: Answer) => string) | null, failure: string) {
  const toast = useToast();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      const text = typeof success === 'function' ? success(answer) : success;
      if (text) toast(text);
    },
    onError: (error) => {
      if (isConflict(error)) toast(failureText(error, failure), 'error');
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
  const shown = mutation.error && !isConflict(mutation.error) ? failureText(mutation.error, failure) : null;
  return { ...mutation, failure: shown };
}
