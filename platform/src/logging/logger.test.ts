import { describe, expect, it } from 'vitest';
import { createLogger, logFormatFor, type Level } from './logger';
import { readableLine } from './readable-line';

function capture(level: Level = 'debug') {
  const out: string[] = [];
  const err: string[] = [];
  const handle = createLogger({ out: { write: (line) => void out.push(line) }, err: { write: (line) => void err.push(line) } }, level);
  const parsed = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { ...handle, out, err, outJson: () => parsed(out), errJson: () => parsed(err) };
}

describe('logger', () => {
  it('writes one JSON line per entry, with level, ISO time, message and fields', () => {
    const log = capture();
    log.logger.info('order placed', { orderId: 'o-1', count: 2 });
    expect(log.out).toHaveLength(1);
    expect(log.out[0]!.endsWith('\n')).toBe(true);
    const [entry] = log.outJson();
    expect(entry).toMatchObject({ level: 'info', msg: 'order placed', orderId: 'o-1', count: 2, pid: process.pid });
    expect(new Date(entry!.time as string).toISOString()).toBe(entry!.time);
  });

  it('sends warn and error to stderr only, debug and info to stdout only', () => {
    const log = capture();
    log.logger.debug('d');
    log.logger.info('i');
    log.logger.warn('w');
    log.logger.error('e', { error: 'boom' });
    expect(log.outJson().map((e) => e.msg)).toEqual(['d', 'i']);
    expect(log.errJson().map((e) => [e.level, e.msg])).toEqual([
      ['warn', 'w'],
      ['error', 'e'],
    ]);
  });

  it('drops entries under the level, and follows a level change', () => {
    const log = capture('warn');
    log.logger.info('hidden');
    log.logger.warn('shown');
    log.setLevel('debug');
    log.logger.debug('now shown');
    expect([...log.outJson(), ...log.errJson()].map((e) => e.msg).sort()).toEqual(['now shown', 'shown']);
  });

  it('redacts secrets at the top, one and two objects down, whatever the caller passed', () => {
    const log = capture();
    log.logger.info('careless', {
      phone: '+919000000001',
      password: 'hunter22',
      otp: '123456',
      code: '654321',
      token: 'eyJ.a.b',
      body: { newPassword: 'n3w-pass', currentPassword: 'old-pass', phone: '+919000000002' },
      request: { headers: { authorization: 'Bearer eyJ.c.d', cookie: 'session=1', 'set-cookie': 's=2', accept: 'json' } },
      link: { sig: 'abcdef' },
    });
    const line = log.out[0]!;
    for (const secret of ['hunter22', '123456', '654321', 'eyJ', 'n3w-pass', 'old-pass', 'session=1', 's=2', 'abcdef']) expect(line).not.toContain(secret);
    const [entry] = log.outJson();
    expect(entry).toMatchObject({
      phone: '+919000000001',
      password: '[redacted]',
      body: { newPassword: '[redacted]', phone: '+919000000002' },
      request: { headers: { authorization: '[redacted]', cookie: '[redacted]', 'set-cookie': '[redacted]', accept: 'json' } },
    });
  });

  it('writes bigints (event store positions) as strings', () => {
    const log = capture();
    log.logger.info('checkpoint', { position: 18446744073709551615n });
    expect(log.outJson()[0]!.position).toBe('18446744073709551615');
  });
});

describe('readable lines', () => {
  it('shows time, level, message and the fields, without pid and hostname', () => {
    const json = JSON.stringify({ level: 'warn', time: '2025-01-02T03:04:05.000Z', pid: 1, hostname: 'h', msg: 'slow batch', ms: 900 });
    expect(readableLine(`${json}\n`)).toBe('2025-01-02T03:04:05.000Z warn  slow batch {"ms":900}\n');
  });

  it('are for development at a terminal only', () => {
    expect(logFormatFor('development', true)).toBe('readable');
    expect(logFormatFor('development', false)).toBe('json');
    expect(logFormatFor('production', true)).toBe('json');
    expect(logFormatFor('test', true)).toBe('json');
  });
});
