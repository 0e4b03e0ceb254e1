import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets } from './redaction';

describe('redactSecrets', () => {
  it('hands back the very fields when there is nothing to hide', () => {
    const fields = { requestId: 'r-1', method: 'POST', status: 201, user: { id: 'u-1', roles: ['admin'] }, at: new Date(0) };
    expect(redactSecrets(fields)).toBe(fields);
  });

  it("replaces secrets at the top and two objects down, and leaves the caller's objects as they were", () => {
    const body = { newPassword: 'n3w', phone: '+919000000001' };
    const headers = { authorization: 'Bearer x', accept: 'json', 'set-cookie': 's=1' };
    const fields = { token: 't', body, request: { headers }, deeper: { a: { b: { password: 'three levels down' } } } };
    const redacted = redactSecrets(fields);
    expect(redacted).toEqual({
      token: REDACTED,
      body: { newPassword: REDACTED, phone: '+919000000001' },
      request: { headers: { authorization: REDACTED, accept: 'json', 'set-cookie': REDACTED } },
      // Three objects down is past the net, as it was with pino's paths (`*.*.key`).
      deeper: { a: { b: { password: 'three levels down' } } },
    });
    expect(body.newPassword).toBe('n3w');
    expect(headers.authorization).toBe('Bearer x');
    expect(fields.token).toBe('t');
  });

  it('keeps arrays as arrays and errors readable', () => {
    const failure = Object.assign(new Error('gateway refused'), { headers: { authorization: 'Bearer y' } });
    const redacted = redactSecrets({ attempts: [{ otp: '123456', n: 1 }, { n: 2 }], failure });
    expect(Array.isArray(redacted.attempts)).toBe(true);
    expect(redacted.attempts).toEqual([{ otp: REDACTED, n: 1 }, { n: 2 }]);
    expect(redacted.failure).toMatchObject({ message: 'gateway refused', name: 'Error', headers: { authorization: REDACTED } });
    expect(failure.headers.authorization).toBe('Bearer y');
  });

  it('does not walk the bytes of a buffer', () => {
    const fields = { file: Buffer.alloc(1_000_000) };
    expect(redactSecrets(fields)).toBe(fields);
  });
});
