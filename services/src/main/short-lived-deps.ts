import type { ShortLivedStore } from '../kv/short-lived-store';
import { MemoryStore } from '../kv/memory-store';
import { RedisStore } from '../kv/redis-store';
import { ConsoleSms, OutboxSms, type SmsSender } from '../sms/sms-sender';
import { logger } from '@desk/platform/logging/logger';

export interface ShortLivedSettings {
  REDIS_URL?: string | undefined;
  SMS_PROVIDER?: 'console' | 'outbox' | undefined;
  SMS_OUTBOX?: string | undefined;
  NODE_ENV: 'development' | 'production' | 'test';
}

export function createShortLivedStore(settings: ShortLivedSettings): ShortLivedStore {
  if (settings.REDIS_URL) return RedisStore.connect(settings.REDIS_URL);
  logger.info('REDIS_URL is not set: OTP codes, rate limits and jobs live in this process');
  return new MemoryStore();
}

/** The outbox when SMS_OUTBOX is given, else the console; the console is refused in production. */
export function createSmsSender(settings: ShortLivedSettings): SmsSender {
  const provider = settings.SMS_PROVIDER ?? (settings.SMS_OUTBOX ? 'outbox' : 'console');
  if (provider === 'outbox') return new OutboxSms(settings.SMS_OUTBOX!);
  if (settings.NODE_ENV === 'production') {
    throw new Error('SMS: the console provider prints codes and is refused in production; configure SMS_PROVIDER');
  }
  return new ConsoleSms();
}
