import { afterAll, describe, expect } from 'vitest';
import { callerOf, createCustomer, json, type TestApp } from '../../../tests/support/test-app';
import { it } from '../../../tests/support/app-fixtures';
import { readSse } from '../../../tests/support/sse-reader';
import { createStaff, totpCode } from '../../../tests/support/staff-accounts';
import { createApp } from '../api/app';
import { resetTotp } from '../ops/admin/reset-totp';

/** The review's F6: a stream opened with a ticket kept delivering after its session was signed out. */
describe('a live stream lives no longer than the session that asked for its ticket', () => {
  let call: TestApp['call'];
  const streams: ReturnType<typeof readSse>[] = [];

  it.beforeAll(async ({ t }) => {
    // The same app with a heartbeat every 100 ms, so that a stream is checked again within the test's wait.
    call = callerOf(createApp({ ...t.deps, live: { ...t.deps.live, heartbeatMs: 100 } }));
  });
  afterAll(async () => {
    for (const s of streams) await s.close();
  });

  const ticketFor = async (token: string) => {
    const answer = await json(call('POST', '/api/stream/ticket', { token }));
    expect(answer.status).toBe(200);
    return answer.body.ticket as string;
  };
  const open = async (token: string) => {
    const response = await call('GET', `/api/stream?ticket=${await ticketFor(token)}`);
    expect(response.status).toBe(200);
    const stream = readSse(response);
    streams.push(stream);
    await stream.next('ready');
    return stream;
  };

  it('signing out closes the open stream, and a ticket asked for before it opens nothing', async ({ t }) => {
    const token = await createCustomer(t, '+919610000001', 'secret12');
    const stream = await open(token);
    const unused = await ticketFor(token);
    expect(await stream.closedWithin(300)).toBe(false); // heartbeats pass while the session lives
    expect((await call('POST', '/api/auth/logout', { token })).status).toBe(200);
    expect(await stream.closedWithin(3_000)).toBe(true);
    expect(await json(call('GET', `/api/stream?ticket=${unused}`))).toMatchObject({ status: 401, body: { error: 'Unauthorized. Please login again.' } });
  });

  it('"sign out everywhere else" closes the other sessions\' streams and keeps the current one\'s', async ({ t }) => {
    await createCustomer(t, '+919610000002', 'secret12');
    const laptop = await t.login('+919610000002', 'secret12');
    const phone = await t.login('+919610000002', 'secret12');
    const onLaptop = await open(laptop);
    const onPhone = await open(phone);
    expect((await call('POST', '/api/auth/sessions/revoke-others', { token: phone })).status).toBe(200);
    expect(await onLaptop.closedWithin(3_000)).toBe(true);
    expect(await onPhone.closedWithin(500)).toBe(false);
  });

  it('a session past its time (12 hours for staff) closes its stream', async ({ t }) => {
    await createStaff(t, '+919610000003', 'staff-pass-1');
    const token = await t.login('+919610000003', 'staff-pass-1');
    const stream = await open(token);
    const other = await open(await t.login('+919610000003', 'staff-pass-1'));
    const me = await json(call('GET', '/api/auth/sessions', { token }));
    const current = (me.body.sessions as { id: string; current: boolean }[]).find((s) => s.current)!.id;
    await t.database.pool.query(`update sessions set expires_at = now() - interval '1 second' where id = $1`, [current]);
    expect(await stream.closedWithin(3_000)).toBe(true);
    expect(await other.closedWithin(300)).toBe(false);
  });

  it("the operator's reset-totp closes every stream of the account", async ({ t }) => {
    const phone = '+919610000004';
    await createStaff(t, phone, 'staff-pass-4');
    const token = await t.login(phone, 'staff-pass-4');
    const started = await json(call('POST', '/api/auth/authenticator', { token, body: { currentPassword: 'staff-pass-4' } }));
    expect((await call('POST', '/api/auth/authenticator/confirm', { token, body: { code: totpCode(started.body.secret) } })).status).toBe(200);
    const stream = await open(token);
    await resetTotp({ db: t.deps.db, trail: t.deps.roles.trail }, { phone, tenantId: 'default' });
    expect(await stream.closedWithin(3_000)).toBe(true);
  });
});
