import { useSay } from '../../i18n/use-t';
import { useMutation } from '@tanstack/react-query';
import { useToast } from '../../components/toasts';
import { failureText } from '../../lib/failure-text';
import { useRefreshSaved } from './saved-accounts-refresh';

/**
 * Every change to a saved wallet or bank account goes the same way: call, toast the server's
 * message, refresh the saved lists everywhere they show, then `onDone`; a failure toasts `failure`
 * (the server's own text when it has one). Forms that show their own error pass no `failure`.
 */
export function useSavedMutation<Variables, Answer extends { message: string }>(
  call: (variables: Variables) => Promise<Answer>,
  options: { failure?: string; onDone?: (answer: Answer) => void } = {},
) {
  const refresh = useRefreshSaved();
  const toast = useToast();
  const say = useSay();
  return useMutation({
    mutationFn: call,
    onSuccess: async (answer) => {
      toast(say(answer.message));
      await refresh();
      options.onDone?.(answer);
    },
    ...(options.failure ? { onError: (error: unknown) => toast(say(failureText(error, options.failure!)), 'error') } : {}),
  });
}
