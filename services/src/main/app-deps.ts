import type { Infrastructure } from './infrastructure';
import type { AppDeps } from '../api/app';
import { TokenService } from '../identity/tokens';
import { loadTokenSecret } from '../identity/token-secret';
import { ensureAdmin, type AdminSettings } from '../identity/bootstrap-admin';
import path from 'node:path';
import { SettingsService } from '../settings/settings.service';
import { OrderStore } from '../orders/order-store';
import { OrderPlacement } from '../orders/order-placement';
import { OrderCommands } from '../orders/order-commands';
import { LocalFileStorage } from '../files/file-storage';
import { UrlSigner } from '../files/url-signer';
import { createShortLivedStore, createSmsSender, type ShortLivedSettings } from './short-lived-deps';
import { RateLimiter } from '../kv/rate-limiter';
import { OtpService } from '../identity/otp.service';
import { InProcessQueue } from '../jobs/in-process-queue';
import { expireOrderJob, scheduleExpiry } from '../orders/order-expiry-jobs';
import { createHmac } from 'node:crypto';
import { TenantStore } from '../tenants/tenant-store';
import { TenantDirectory } from '../tenants/tenant-directory';

export const DEFAULT_TENANT_ID = 'default';

export interface AppSettings extends AdminSettings, ShortLivedSettings {
  DATA_DIR: string;
  JWT_SECRET?: string | undefined;
  TRUST_PROXY: boolean;
  PAYMENT_WINDOW_MINUTES: number;
  RATE_LOCK_MINUTES: number;
}

/** Everything the API needs, built once per process from its infrastructure and configuration. */
export async function buildAppDeps(infra: Infrastructure, env: AppSettings): Promise<AppDeps> {
  await ensureAdmin(infra.db, DEFAULT_TENANT_ID, env);
  const secret = loadTokenSecret(env.JWT_SECRET, env.DATA_DIR);
  const settings = new SettingsService(infra.eventStore);
  const store = createShortLivedStore(env);
  const sms = createSmsSender(env);
  const queue = new InProcessQueue();
  const orders = new OrderStore(infra.eventStore, scheduleExpiry(queue));
  const tenants = new TenantStore(infra.eventStore);
  const files = new LocalFileStorage(path.resolve(env.DATA_DIR, 'uploads'));
  const commands = new OrderCommands(orders, files);
  // OTP hashes get their own key, derived from the token secret.
  const otp = new OtpService(store, createHmac('sha256', secret).update('otp-codes').digest('hex'), (phone, code, purpose) =>
    queue.add('otp.deliver', { phone, code, purpose }),
  );
  queue.run({
    'otp.deliver': (message) => sms.send(message),
    'order.expire': expireOrderJob(commands, () => DEFAULT_TENANT_ID),
    'projection.rebuild': async () => undefined,
  });
  return {
    tenants,
    directory: new TenantDirectory(infra.db, tenants),
    store,
    limits: new RateLimiter(store),
    otp,
    queue,
    pool: infra.pool,
    db: infra.db,
    eventStore: infra.eventStore,
    tokens: new TokenService(secret),
    settings,
    orders: {
      db: infra.db,
      accounts: infra.db,
      eventStore: infra.eventStore,
      orders,
      placement: new OrderPlacement(orders, settings, tenants, { paymentWindowMinutes: env.PAYMENT_WINDOW_MINUTES, rateLockMinutes: env.RATE_LOCK_MINUTES }),
      commands,
      files,
      signer: new UrlSigner(secret),
      trustProxy: env.TRUST_PROXY,
    },
    config: {
      trustProxy: env.TRUST_PROXY,
      defaultTenantId: DEFAULT_TENANT_ID,
      paymentWindowMinutes: env.PAYMENT_WINDOW_MINUTES,
      rateLockMinutes: env.RATE_LOCK_MINUTES,
    },
  };
}
