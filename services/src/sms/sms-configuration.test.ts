import { describe, expect, it } from 'vitest';
import { parseEnv } from '@desk/platform/config/env-schema';
import { jobsEnv, jobsRequirements } from '../config/services-env';
import { createSmsSender } from '../main/short-lived-deps';

const parse = (env: Record<string, string>) => parseEnv(jobsEnv, env, jobsRequirements);

describe('choosing how codes are sent', () => {
  it('takes the HTTP gateway over https, or over http to this machine only', () => {
    expect(parse({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://api.gateway.example/v1/sms' }).SMS_HTTP_URL).toBe('https://api.gateway.example/v1/sms');
    expect(parse({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://127.0.0.1:8025/sms' }).SMS_HTTP_URL).toBe('http://127.0.0.1:8025/sms');
    expect(() => parse({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://api.gateway.example/v1/sms' })).toThrow(
      'SMS_HTTP_URL: https, or http to this machine only',
    );
    expect(() => parse({ SMS_PROVIDER: 'http' })).toThrow('SMS_HTTP_URL: required when SMS_PROVIDER=http');
  });

  it('refuses a message template without the code, and a credentials header that is not a header', () => {
    expect(() => parse({ SMS_MESSAGE_TEMPLATE: 'Your code is ready' })).toThrow('SMS_MESSAGE_TEMPLATE: must contain {{code}}');
    expect(() => parse({ SMS_HTTP_AUTH_HEADER: 'Bearer abc' })).toThrow('SMS_HTTP_AUTH_HEADER: a header line, Name: value');
  });

  it('sends through the gateway in production, and refuses the console and the outbox there', () => {
    expect(createSmsSender({ NODE_ENV: 'production', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://api.gateway.example/v1/sms' }).name).toBe('http');
    expect(() => createSmsSender({ NODE_ENV: 'production' })).toThrow('the console provider does not send messages and is refused in production');
    expect(() => createSmsSender({ NODE_ENV: 'production', SMS_OUTBOX: '/tmp/outbox.jsonl' })).toThrow('the outbox provider');
    expect(createSmsSender({ NODE_ENV: 'development', SMS_OUTBOX: '/tmp/outbox.jsonl' }).name).toBe('outbox');
    expect(createSmsSender({ NODE_ENV: 'development' }).name).toBe('console');
  });
});
