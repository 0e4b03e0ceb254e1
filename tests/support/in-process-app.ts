import path from 'node:path';
import type { AppDeps } from '../../services/src/api/app';
import type { AppSettings } from '../../services/src/main/app-deps';
import { ProxyTrust } from '../../services/src/http/proxy-trust';

/**
 * The app's objects built in this process (`buildAppDeps`), as the test app and the reconciliation
 * bench build them. No vitest here: the benches run under plain node.
 */

/** Their settings: `dataDir` holds the SMS outbox, `admin` is the account a first start makes. */
export const inProcessSettings = (dataDir: string, admin: { phone: string; password: string }, jwtSecret: string) =>
  ({
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    ADMIN_PHONE: admin.phone,
    ADMIN_PASSWORD: admin.password,
    NODE_ENV: 'test',
    // One proxy hop: tests send X-Forwarded-For as a proxy in front of the API would.
    TRUST_PROXY: ProxyTrust.hops(1),
    PAYMENT_WINDOW_MINUTES: 60,
    RATE_LOCK_MINUTES: 5,
    SMS_OUTBOX: path.join(dataDir, 'sms-outbox.jsonl'),
    // Files in the test database, as with a server: tests count what is kept in stored_files.
    FILE_STORAGE: 'postgres',
    // Nothing projects in the background here: tests call project() when they read lists.
    READ_MODEL_WAIT_MS: 0,
  }) satisfies AppSettings;

/** Stops what they started (the change hub's listener, the caches' and the queue's connections), before the database goes. */
export async function closeInProcessDeps(deps: AppDeps): Promise<void> {
  await deps.live.hub.close();
  await deps.users.close();
  await deps.sessions.close();
  await deps.queue.close();
  await deps.store.close();
}
