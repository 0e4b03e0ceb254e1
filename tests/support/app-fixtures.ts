/**
 * The shared test setup as vitest fixtures (decision 0052): a test names what it needs in its
 * context, `it('…', async ({ t, admin }) => …)`, and vitest builds it, once per file, and tears it
 * down after the file's last test. What was `let t; beforeAll(() => t = createTestApp()); afterAll(()
 * => t.close())` in every file.
 */
import { test } from 'vitest';
import type { AppSettings } from '../../services/src/main/app-deps';
import { createTestApp, json } from './test-app';
import { startRecordingServer } from './recording-http-server';

/**
 * A test API whose `t` is the real app on a fresh database (`createTestApp(settings)`), shared by
 * the file's tests as a `beforeAll` did (one database per file: global reads see only the file's
 * events, files run in parallel), whose `admin` is the operator admin's token, and whose `put` and
 * `post` send JSON with a token and answer `{ status, body }`.
 */
export function appTestWith(settings: Partial<AppSettings> = {}) {
  return (
    test
      // vitest reads a fixture's needs from its first parameter, which must be a destructuring: none here.
      // eslint-disable-next-line no-empty-pattern
      .extend('t', { scope: 'file' }, async ({}, { onCleanup }) => {
        const t = await createTestApp(settings);
        onCleanup(() => t.close());
        return t;
      })
      .extend('admin', { scope: 'file' }, async ({ t }) => t.adminToken())
      // JSON calls with a token, status and body together: `await put(token, url, body)`.
      .extend(
        'put',
        { scope: 'file' },
        ({ t }) =>
          (token: string, url: string, body: unknown) =>
            json(t.call('PUT', url, { token, body })),
      )
      .extend(
        'post',
        { scope: 'file' },
        ({ t }) =>
          (token: string, url: string, body: unknown = {}) =>
            json(t.call('POST', url, { token, body })),
      )
      // A POST as a browser sends it, signed in or not: `await postTo(url, body, token?)`.
      .extend(
        'postTo',
        { scope: 'file' },
        ({ t }) =>
          (url: string, body: unknown, token?: string) =>
            json(t.call('POST', url, { body, token })),
      )
      // An order as the desk's admin reads it (GET /api/admin/orders/{id}): its flags, requests and approvals.
      .extend(
        'adminOrder',
        { scope: 'file' },
        ({ t, admin }) =>
          async (id: string) =>
            (await json(t.call('GET', `/api/admin/orders/${id}`, { token: admin }))).body,
      )
      // A sign-in attempt, answered or refused (`t.login` throws unless it signs in): on a brand's host if given.
      .extend(
        'login',
        { scope: 'file' },
        ({ t }) =>
          (phone: string, password: string, host?: string) =>
            json(t.call('POST', '/api/auth/login', { body: { phone, password }, headers: host ? { host } : {} })),
      )
      // A statement on the test's database: `await sql('select …', [values])`.
      .extend(
        'sql',
        { scope: 'file' },
        ({ t }) =>
          (text: string, values: unknown[] = []) =>
            t.database.pool.query(text, values),
      )
      // The state a process killed after carrying out a keyed command and before recording its answer
      // leaves: the key claimed, no answer, its last renewal `agoSeconds` ago (past the 60 s lease by default).
      .extend(
        'diedMidRequest',
        { scope: 'file' },
        ({ sql }) =>
          (key: string, agoSeconds = 61) =>
            sql(
              `update idempotency_keys set status_code = null, response_body = null, completed_at = null, claimed_at = now() - make_interval(secs => $2) where key = $1`,
              [key, agoSeconds],
            ),
      )
      // A local server recording what is sent to it (a webhook receiver), closed when the file ends.
      // eslint-disable-next-line no-empty-pattern
      .extend('receiver', { scope: 'file' }, async ({}, { onCleanup }) => {
        const receiver = await startRecordingServer();
        onCleanup(() => receiver.close());
        return receiver;
      })
  );
}

/** The app with the test defaults: `import { it } from '../support/app-fixtures'`. */
export const it = appTestWith();
