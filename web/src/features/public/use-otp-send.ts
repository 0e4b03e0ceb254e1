import { useSay, useT } from '../../i18n/use-t';
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useCountdown } from '../../components/use-countdown';
import { useToast } from '../../components/toasts';
import { failText, retryAfter } from './fail-text';

/** Seed-spec section 9: a new code may be asked for 30 s after the last one. */
export const RESEND_SECONDS = 30;

interface OtpSendOptions {
  call: (phone: string) => Promise<{ resendInSeconds?: number }>;
  /** Shown when the server gives no text of its own. */
  fallback: string;
  byStatus?: Record<number, string>;
  onFail: (text: string) => void;
}

/**
 * Sending (and resending) a code: blocked while a send is in flight and during the countdown.
 * A 429 carries the server's remaining wait, so the countdown follows it instead of inviting
 * clicks the server will refuse.
 */
export function useOtpSend({ call, fallback, byStatus, onFail }: OtpSendOptions) {
  const t = useT();
  const say = useSay();
  const toast = useToast();
  const countdown = useCountdown();
  const [sends, setSends] = useState(0);
  const mutation = useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      setSends((n) => n + 1);
      countdown.start(answer.resendInSeconds ?? RESEND_SECONDS);
      toast(say('OTP sent'));
    },
    onError: (error) => {
      const wait = retryAfter(error);
      if (wait) countdown.start(wait);
      const text = say(failText(error, fallback, byStatus));
      onFail(text);
      toast(text, 'error');
    },
  });
  const label = mutation.isPending
    ? t('auth.otp.sending')
    : countdown.running
      ? t('auth.otp.resendIn', { seconds: countdown.secondsLeft })
      : sends > 0
        ? t('auth.otp.resend')
        : t('auth.otp.send');
  return { send: mutation.mutate, blocked: mutation.isPending || countdown.running, label, sends };
}
