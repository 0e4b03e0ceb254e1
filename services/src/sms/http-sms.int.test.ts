import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger } from '@desk/platform/logging/logger';
import { startRecordingServer, type RecordingServer } from '../../../tests/support/recording-http-server';
import { waitFor } from '../../../tests/support/wait-for';
import { freePort } from '../../../tests/support/free-port';
import { InProcessQueue } from '../jobs/in-process-queue';
import { jobHandlers } from '../main/job-handlers';
import { HTTP_SMS_DEFAULTS, HttpSms, type HttpSmsConfig } from './http-sms';

const config = (overrides: Partial<HttpSmsConfig>): HttpSmsConfig => ({
  url: 'http://127.0.0.1:9/unset',
  method: 'POST',
  authHeader: 'Authorization: Bearer gateway-key-1',
  contentType: 'application/json',
  bodyTemplate: HTTP_SMS_DEFAULTS.bodyTemplate,
  messageTemplate: HTTP_SMS_DEFAULTS.messageTemplate,
  dltTemplateId: '1107168000000000001',
  timeoutMs: 2_000,
  ...overrides,
});
const MESSAGE = { phone: '+919812345678', code: '482913', purpose: 'register' } as const;

describe('SMS through an HTTP gateway', () => {
  let gateway: RecordingServer;
  beforeAll(async () => {
    gateway = await startRecordingServer();
  });
  afterAll(() => gateway.close());
  afterEach(() => vi.restoreAllMocks());

  it('posts the message as JSON with the credentials header and the DLT template id', async () => {
    await new HttpSms(config({ url: `${gateway.url}/v1/sms` })).send(MESSAGE);
    const request = gateway.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/sms' });
    expect(request.headers.authorization).toBe('Bearer gateway-key-1');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      to: '+919812345678',
      message: '482913 is your verification code. It is valid for 5 minutes. Do not share it with anyone.',
      template_id: '1107168000000000001',
    });
  });

  it('fills a form body, or the query of a GET, escaped for where each value lands', async () => {
    await new HttpSms(
      config({
        url: `${gateway.url}/form`,
        authHeader: 'authkey: k-2',
        contentType: 'application/x-www-form-urlencoded',
        bodyTemplate: 'mobiles={{phone_digits}}&text={{message}}&dlt={{template_id}}',
        messageTemplate: 'Code {{code}} & more',
      }),
    ).send(MESSAGE);
    const form = gateway.requests.at(-1)!;
    expect(form.headers.authkey).toBe('k-2');
    expect(Object.fromEntries(new URLSearchParams(form.body))).toEqual({ mobiles: '919812345678', text: 'Code 482913 & more', dlt: '1107168000000000001' });

    await new HttpSms(config({ url: `${gateway.url}/get?to={{phone}}&msg={{message}}`, method: 'GET', messageTemplate: 'OTP {{code}}' })).send(MESSAGE);
    const get = gateway.requests.at(-1)!;
    expect(get.method).toBe('GET');
    expect(Object.fromEntries(new URL(get.url, gateway.url).searchParams)).toEqual({ to: '+919812345678', msg: 'OTP 482913' });
    expect(get.body).toBe('');
  });

  it('fails on any answer but 2xx, on no answer in time, and when unreachable, without the code or URL in the error', async () => {
    const sms = new HttpSms(config({ url: `${gateway.url}/v1/sms?key=secret-in-url`, timeoutMs: 500 }));
    gateway.answerNext(503);
    await expect(sms.send(MESSAGE)).rejects.toThrow('SMS gateway answered 503');
    gateway.answerNext('hang');
    await expect(sms.send(MESSAGE)).rejects.toThrow('SMS gateway did not answer within 500 ms');
    const closed = new HttpSms(config({ url: `http://127.0.0.1:${await freePort()}/x?key=secret-in-url` }));
    const unreachable = await closed.send(MESSAGE).catch((error: Error) => error.message);
    expect(unreachable).toBe('SMS gateway unreachable (ECONNREFUSED)');
  });

  it('is retried by the delivery job until the gateway takes it, and no log line carries the code', async () => {
    const lines = (['debug', 'info', 'warn', 'error'] as const).map((level) => vi.spyOn(logger, level));
    const queue = new InProcessQueue();
    const sms = new HttpSms(config({ url: `${gateway.url}/retry` }));
    queue.run(
      jobHandlers({
        sms,
        commands: {} as never,
        evidence: {} as never,
        rebuildProjection: async () => undefined,
        match: async () => undefined,
        chainCheck: async () => undefined,
        notificationSms: async () => undefined,
        webhookDeliver: async () => undefined,
      }),
    );
    try {
      gateway.answerNext(500, 502);
      const before = gateway.requests.length;
      await queue.add('otp.deliver', MESSAGE);
      await waitFor('the third attempt', async () => gateway.requests.length - before === 3, 15_000);
      expect(gateway.requests.slice(before).map((r) => r.url)).toEqual(['/retry', '/retry', '/retry']);
      const logged = JSON.stringify(lines.flatMap((spy) => spy.mock.calls));
      expect(logged).toContain('SMS gateway answered 500');
      expect(logged).not.toContain(MESSAGE.code);
    } finally {
      await queue.close();
    }
  });
});
