import { confirmOnServer, createAdminOnServer } from '../../support/admin-cli';
import { e2eTestWith } from './e2e-fixtures';

type Login = { phone: string; password: string };

/**
 * The browser tests' fixtures (e2e-fixtures.ts) with what four eyes needs, once per file, in
 * `fourEyes`: a second admin made at the server (on the admin screens a staff account waits for a
 * second admin: decision 0030) and a customer who signed up (one an admin made orders only once they
 * set their own password: decision 0029), their tokens; and the desk's `controls` in force (loosening
 * ones wait for a second admin, confirmed here from the server).
 */
export function fourEyesTestWith(logins: { admin: Login; secondPhone: string; customer: Login }, controls: Record<string, number>) {
  return e2eTestWith({ ADMIN_PHONE: logins.admin.phone, ADMIN_PASSWORD: logins.admin.password }).extend(
    'fourEyes',
    { scope: 'file' },
    async ({ server, api, admin }) => {
      const secondPassword = await createAdminOnServer(server.serverEnv, logins.secondPhone);
      await server.signUp(logins.customer);
      const [second, customer] = await Promise.all([server.signIn({ phone: logins.secondPhone, password: secondPassword }), server.signIn(logins.customer)]);
      const changed = await api('PUT', '/api/admin/settings', admin, { controls });
      await confirmOnServer(server.serverEnv, changed.change._id);
      return { second, customer };
    },
  );
}
