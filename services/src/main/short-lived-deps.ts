import type { ShortLivedStore } from '../kv/short-lived-store';
import { MemoryStore } from '../kv/memory-store';
import { RedisStore } from '../kv/redis-store';
import { ConsoleSms, OutboxSms, type SmsSender } from '../sms/sms-sender';
import { HTTP_SMS_DEFAULTS, HttpSms } from '../sms/http-sms';
import { logger } from '@desk/platform/logging/logger';

export interface ShortLivedSettings {
  REDIS_URL?: string | undefined;
  SMS_PROVIDER?: 'console' | 'outbox' | 'http' | undefined;
  SMS_OUTBOX?: string | undefined;
  SMS_HTTP_URL?: string | undefined;
  SMS_HTTP_METHOD?: 'POST' | 'GET';
  SMS_HTTP_AUTH_HEADER?: string | undefined;
  SMS_HTTP_CONTENT_TYPE?: 'application/json' | 'application/x-www-form-urlencoded';
  SMS_HTTP_BODY?: string;
  SMS_MESSAGE_TEMPLATE?: string;
  SMS_DLT_TEMPLATE_ID?: string | undefined;
  SMS_HTTP_TIMEOUT_MS?: number;
  NODE_ENV: 'development' | 'production' | 'test';
}

export function createShortLivedStore(settings: ShortLivedSettings): ShortLivedStore {
  if (settings.REDIS_URL) return RedisStore.connect(settings.REDIS_URL);
  logger.info('REDIS_URL is not set: OTP codes, rate limits and jobs live in this process');
  return new MemoryStore();
}

/**
 * The provider named by SMS_PROVIDER; unset: the outbox when SMS_OUTBOX is given, else the console.
 * Production sends real messages only: the console and the outbox are refused there.
 */
export function createSmsSender(settings: ShortLivedSettings): SmsSender {
  const provider = settings.SMS_PROVIDER ?? (settings.SMS_OUTBOX ? 'outbox' : 'console');
  if (provider === 'http') return httpSms(settings);
  if (settings.NODE_ENV === 'production') {
    throw new Error(`SMS: the ${provider} provider does not send messages and is refused in production; set SMS_PROVIDER=http and SMS_HTTP_URL`);
  }
  return provider === 'outbox' ? new OutboxSms(settings.SMS_OUTBOX!) : new ConsoleSms();
}

function httpSms(settings: ShortLivedSettings): HttpSms {
  logger.info('SMS through an HTTP gateway', { host: new URL(settings.SMS_HTTP_URL!).host, dltTemplate: settings.SMS_DLT_TEMPLATE_ID ? 'set' : 'unset' });
  return new HttpSms({
    url: settings.SMS_HTTP_URL!,
    method: settings.SMS_HTTP_METHOD ?? HTTP_SMS_DEFAULTS.method,
    authHeader: settings.SMS_HTTP_AUTH_HEADER ?? null,
    contentType: settings.SMS_HTTP_CONTENT_TYPE ?? HTTP_SMS_DEFAULTS.contentType,
    bodyTemplate: settings.SMS_HTTP_BODY ?? HTTP_SMS_DEFAULTS.bodyTemplate,
    messageTemplate: settings.SMS_MESSAGE_TEMPLATE ?? HTTP_SMS_DEFAULTS.messageTemplate,
    dltTemplateId: settings.SMS_DLT_TEMPLATE_ID ?? null,
    timeoutMs: settings.SMS_HTTP_TIMEOUT_MS ?? HTTP_SMS_DEFAULTS.timeoutMs,
  });
}
