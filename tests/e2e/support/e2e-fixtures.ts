/**
 * The browser tests' shared setup as vitest fixtures (decision 0052): a fresh `npm start` and
 * Debian's chromium, started together once per file and stopped after its last test (browser first),
 * which every file wrote as `let server; let browser; beforeAll(…Promise.all…); afterAll(…)`.
 */
import { test } from 'vitest';
import { launchBrowser } from './browser';
import { startAppServer, type AppServer } from './app-server';
import { apiOf, openSignedIn } from './signed-in';
import { failureReport, PageJournal } from './failure-report';

/** Starts both at once; when one fails, stops the other rather than leaving it running. */
async function startDesk(env: Record<string, string>, hosts: string[]) {
  const [server, browser] = await Promise.allSettled([startAppServer(env), launchBrowser({ hosts })]);
  if (server.status === 'fulfilled' && browser.status === 'fulfilled') return { server: server.value, browser: browser.value };
  if (browser.status === 'fulfilled') await browser.value.close();
  if (server.status === 'fulfilled') await server.value.stop();
  throw server.status === 'rejected' ? server.reason : (browser as PromiseRejectedResult).reason;
}

/**
 * A test API with, per file: `server` (`npm start` with `env`), `browser` (mapping `hosts` to this
 * machine), `api` (a JSON call with a token), `open` (a desktop page signed in with a token at a
 * path), `admin` (the token of the admin `env` bootstraps, ADMIN_PHONE / ADMIN_PASSWORD) and
 * `customer` (the token of `customer`, who signs up with a code from the outbox: one an admin made
 * orders only once they set their own password, decision 0029).
 * Starting a server takes longer than a test's timeout on a busy machine: a file's `it.beforeAll(…,
 * 120_000)` that names `server` starts it under the hook's own timeout.
 */
export function e2eTestWith(
  env: Record<string, string> = {},
  { hosts = [], customer }: { hosts?: string[]; customer?: { phone: string; password: string; username?: string } } = {},
) {
  let started: { server: AppServer; journal: PageJournal } | undefined;
  return (
    test
      // vitest reads a fixture's needs from its first parameter, which must be a destructuring: none here.
      // eslint-disable-next-line no-empty-pattern
      .extend('desk', { scope: 'file' }, async ({}, { onCleanup }) => {
        const desk = { ...(await startDesk(env, hosts)), journal: new PageJournal() };
        started = desk;
        onCleanup(async () => {
          await desk.browser.close();
          await desk.server.stop();
        });
        return desk;
      })
      .extend('server', { scope: 'file' }, ({ desk }) => desk.server)
      .extend('browser', { scope: 'file' }, ({ desk }) => desk.browser)
      .extend('api', { scope: 'file' }, ({ server }) => apiOf(server))
      .extend('open', { scope: 'file' }, ({ browser, server, desk }) => async (token: string, path: string) => {
        const page = await openSignedIn(browser, server, token, path);
        desk.journal.watch(page);
        return page;
      })
      // Every test: when it fails, it prints what its pages saw go wrong and what the server wrote meanwhile.
      // It does not start the desk itself: a test that never needed it has nothing to report.
      .extend('failureReport', { auto: true }, ({ onTestFailed }) => {
        const [journalMark, outputMark] = [started?.journal.mark() ?? 0, started?.server.output().length ?? 0];
        onTestFailed(() => {
          if (started) console.error(failureReport(started.journal.since(journalMark), started.server.output().slice(outputMark)));
        });
      })
      .extend('admin', { scope: 'file' }, ({ server }) => server.signIn({ phone: env.ADMIN_PHONE ?? '', password: env.ADMIN_PASSWORD ?? '' }))
      .extend('customer', { scope: 'file' }, async ({ server }) => {
        if (!customer) throw new Error('no customer: pass e2eTestWith(env, { customer })');
        await server.signUp(customer);
        return server.signIn(customer);
      })
  );
}
