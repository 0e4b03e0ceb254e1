import type { Browser } from 'playwright-core';
import { confirmOnServer, createAdminOnServer } from '../../support/admin-cli';
import { launchBrowser } from './browser';
import { apiOf } from './signed-in';
import { startAppServer, type AppServer } from './app-server';

type Login = { phone: string; password: string };

export interface FourEyesDesk {
  server: AppServer;
  browser: Browser;
  /** Tokens of the operator's admin, a second admin and the customer. */
  admin: string;
  second: string;
  customer: string;
}

/**
 * A fresh `npm start` and a browser, with what four eyes needs: the operator's admin, a second admin
 * made at the server (on the admin screens a staff account waits for a second admin: decision 0030),
 * a customer who signed up (one an admin made orders only once they set their own password:
 * decision 0029), and the desk's `controls` (loosening ones wait for a second admin, confirmed here
 * from the server).
 */
export async function startFourEyesDesk(
  logins: { admin: Login; secondPhone: string; customer: Login },
  controls: Record<string, number>,
): Promise<FourEyesDesk> {
  const [server, browser] = await Promise.all([startAppServer({ ADMIN_PHONE: logins.admin.phone, ADMIN_PASSWORD: logins.admin.password }), launchBrowser()]);
  const admin = await server.signIn(logins.admin);
  const secondPassword = await createAdminOnServer(server.serverEnv, logins.secondPhone);
  await server.signUp(logins.customer);
  const [second, customer] = await Promise.all([server.signIn({ phone: logins.secondPhone, password: secondPassword }), server.signIn(logins.customer)]);
  const changed = await apiOf(server)('PUT', '/api/admin/settings', admin, { controls });
  await confirmOnServer(server.serverEnv, changed.change._id);
  return { server, browser, admin, second, customer };
}
