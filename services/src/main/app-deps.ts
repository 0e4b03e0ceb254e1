import type { Infrastructure } from './infrastructure';
import type { AppDeps } from '../api/app';
import { TokenService } from '../identity/tokens';
import { loadTokenSecret } from '../identity/token-secret';
import { ensureAdmin, type AdminSettings } from '../identity/bootstrap-admin';
import { SettingsService } from '../settings/settings.service';

export const DEFAULT_TENANT_ID = 'default';

export interface AppSettings extends AdminSettings {
  DATA_DIR: string;
  JWT_SECRET?: string | undefined;
  TRUST_PROXY: boolean;
  PAYMENT_WINDOW_MINUTES: number;
  RATE_LOCK_MINUTES: number;
}

/** Everything the API needs, built once per process from its infrastructure and configuration. */
export async function buildAppDeps(infra: Infrastructure, env: AppSettings): Promise<AppDeps> {
  await ensureAdmin(infra.db, DEFAULT_TENANT_ID, env);
  return {
    pool: infra.pool,
    db: infra.db,
    eventStore: infra.eventStore,
    tokens: new TokenService(loadTokenSecret(env.JWT_SECRET, env.DATA_DIR)),
    settings: new SettingsService(infra.eventStore),
    config: {
      trustProxy: env.TRUST_PROXY,
      defaultTenantId: DEFAULT_TENANT_ID,
      paymentWindowMinutes: env.PAYMENT_WINDOW_MINUTES,
      rateLockMinutes: env.RATE_LOCK_MINUTES,
    },
  };
}
