import { createHmac } from 'node:crypto';
import { routeLimitsFrom, type RateLimitSettings } from '../http/rate-limit-env';
import type { Infrastructure } from '@desk/platform/infrastructure';
import type { AppDeps, ProjectionsControl } from '../api/app';
import { TokenService } from '../identity/tokens';
import { loadTokenSecret } from '../identity/token-secret';
import { ensureAdmin, type AdminSettings } from '../identity/bootstrap-admin';
import { canonicaliseStoredPhones } from '../identity/canonical-phones-fix';
import { OtpService } from '../identity/otp.service';
import { UserRoles } from '../identity/user-roles';
import { SettingsService } from '../settings/settings.service';
import { OrderStore } from '../orders/order-store';
import { CommandHandler } from '@desk/platform/eventstore/command-handler';
import { BrandBankAccounts } from '../reconciliation/brand-bank-accounts';
import { StatementImports } from '../reconciliation/statement-imports';
import { LineClaims } from '../reconciliation/line-claims';
import { PaymentMatcher } from '../reconciliation/payment-matcher';
import { LineDecisions } from '../reconciliation/line-decisions';
import { matchJob, scheduleOrderMatch } from '../reconciliation/matching-jobs';
import { chainNetworks, parseChainEnv, type ChainNetworks } from '../chain/chain-networks';
import { createChainReader } from '../chain/chain-reader';
import { OrderChainChecks } from '../orders/order-chain-checks';
import { chainCheckJob, scheduleChainCheck } from '../orders/chain-check-jobs';
import { OrderPlacement } from '../orders/order-placement';
import { CustomerLimits } from '../orders/customer-limits';
import { OrderCommands } from '../orders/order-commands';
import { scheduleExpiry } from '../orders/order-expiry-jobs';
import { orderFollowUps } from '../orders/order-follow-ups';
import { scheduleEvidenceCheck } from '../orders/evidence/evidence-jobs';
import { EvidenceCheck } from '../orders/evidence/evidence-check';
import { fileStorageFor, type FileStorageSettings } from './file-storage-deps';
import { UrlSigner } from '../files/url-signer';
import { RateLimiter } from '../kv/rate-limiter';
import { InProcessQueue } from '../jobs/in-process-queue';
import { BullQueue } from '../jobs/bull-queue';
import { jobHandlers } from './job-handlers';
import type { JobHandlers, JobQueue } from '../jobs/job-queue';
import { TenantStore, DEFAULT_TENANT_ID } from '../tenants/tenant-store';
import { TenantDirectory } from '../tenants/tenant-directory';
import { BrandRegistry, fillBrandRegistry } from '../tenants/brand-registry';
import { createShortLivedStore, createSmsSender, type ShortLivedSettings } from './short-lived-deps';
import { projectionsControl } from './projections-control';
import { loadSigningKey, NO_SIGNING_KEY } from '../compliance/signing-key';
import { logger } from '@desk/platform/logging/logger';
import { AccessTrail } from '../compliance/access-trail';
import { AuditExports } from '../compliance/audit-exports';
import type { ProxyTrust } from '../http/proxy-trust';
import { listenToChannel } from '@desk/platform/db/pg-listen';
import { createLiveUpdates } from '../live/live-updates';
import { SignedInUsers, USERS_CHANGED_CHANNEL } from '../identity/signed-in-users';
import { accountMaker, findUserById } from '../identity/users.repository';
import type { RateTable } from '@desk/machines/pricing/pricing';
import { UUID } from '../http/server-ids';
import { SESSIONS_CHANGED_CHANNEL } from '../identity/signed-in-sessions';
import { setUpSignIn } from '../identity/sign-in-setup';
import { staffTotpPolicy, type StaffTotpPolicy } from '../identity/staff-sign-in';
import { buildDeskChanges } from './desk-change-deps';
import { DailyPosition } from '../ledger/daily-position';
import { createWalletBalances } from '../ledger/wallet-balances';
import { buildWebhooks } from '../webhooks/webhooks';
import { SmsTemplateStore } from '../notifications/sms-template-store';
import { notificationSmsJob } from '../notifications/notification-sms';

export { DEFAULT_TENANT_ID };

/** The wait for a read model to show a command (READ_MODEL_WAIT_MS): past it, the command is answered anyway; it is recorded. */
const READ_MODEL_WAIT_MS = 2_000;

export interface AppSettings extends AdminSettings, ShortLivedSettings, FileStorageSettings, RateLimitSettings {
  DATA_DIR: string;
  JWT_SECRET?: string | undefined;
  AUDIT_SIGNING_KEY?: string | undefined;
  TRUST_PROXY: ProxyTrust;
  /** Staff authenticators: required (forced in production) or optional (decision 0029). */
  STAFF_TOTP?: StaffTotpPolicy | undefined;
  PAYMENT_WINDOW_MINUTES: number;
  RATE_LOCK_MINUTES: number;
  PROJECTION_BATCH_SIZE?: number;
  /**
   * How long an admin's command waits for the read model its screen reads to show it (read your
   * writes: a tenant's change, a line marked for refund); absent: READ_MODEL_WAIT_MS. Tests that
   * apply projections themselves set 0.
   */
  READ_MODEL_WAIT_MS?: number;
  /** The job worker serves no one who signs in: the API processes make sure an admin exists. */
  skipAdminBootstrap?: boolean;
  /** The job worker: it signs no audit exports, so it loads no signing key. */
  signsNoExports?: boolean;
  /** Where each network's transfers are read (chain-networks.ts); absent: no network is read. */
  chain?: ChainNetworks;
  /** Webhook retries' waits (tests shorten them); absent: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h (webhook-dispatch.ts). */
  webhookRetryDelaysMs?: readonly number[];
}

export interface BuiltApp {
  deps: AppDeps;
  /** What the background jobs do, for whichever process runs them. */
  handlers: JobHandlers;
}

/**
 * Everything the API (and the job worker) needs, built once per process. With REDIS_URL, jobs go
 * to BullMQ and a worker (this process in `npm start`, or `npm run start:worker`) runs them;
 * without it they run on timers in this process.
 */
export async function buildAppDeps(infra: Infrastructure, env: AppSettings): Promise<BuiltApp> {
  const users = new SignedInUsers(
    (id) => findUserById(infra.db, id),
    (listener, options) => listenToChannel(infra.connectionString, USERS_CHANGED_CHANNEL, listener, options),
  );
  let forgetSessions = (_ids: readonly string[]): void => undefined;
  const roles = new UserRoles(
    infra.db,
    infra.eventStore,
    (id) => users.forget(id),
    (ids) => forgetSessions(ids),
  );
  // Before anyone signs in: accounts from before canonical phones are found by the canonical form.
  // Its advisory lock may wait for another process's whole pass: outside the request path's statement bound (decision 0061).
  await canonicaliseStoredPhones((infra.longWork ?? infra).db, roles.trail);
  if (!env.skipAdminBootstrap) await ensureAdmin(infra.db, roles, DEFAULT_TENANT_ID, env);
  const secret = loadTokenSecret(env.JWT_SECRET, env.DATA_DIR);
  const handler = new CommandHandler(infra.eventStore);
  const brandRegistry = new BrandRegistry(infra.db);
  // Brands made before the registry (or by a previous version's process), from the tenants read model; every start, idempotent.
  if (!env.skipAdminBootstrap) await fillBrandRegistry(brandRegistry, infra.db);
  const tenants = new TenantStore(handler, infra.eventStore, brandRegistry);
  const settings = new SettingsService(handler, infra.eventStore, tenants);
  const store = createShortLivedStore(env);
  const sms = createSmsSender(env);
  const inProcess = env.REDIS_URL ? null : new InProcessQueue();
  const queue: JobQueue = inProcess ?? new BullQueue(env.REDIS_URL!);
  const expiry = scheduleExpiry(queue);
  const evidenceJobs = scheduleEvidenceCheck(queue);
  const matchJobs = scheduleOrderMatch(queue);
  // Each network's node, USDT contract and confirmations (docs/chain-verification.md); none configured: nothing is read.
  const networks = env.chain ?? chainNetworks(parseChainEnv({}));
  const chainChecks = new OrderChainChecks(networks, createChainReader(networks));
  const chainJobs = scheduleChainCheck(queue, (network) => chainChecks.checks(network));
  const orders = new OrderStore(handler, orderFollowUps([expiry, evidenceJobs, matchJobs, chainJobs]));
  const files = fileStorageFor(env, infra.db);
  const limits = new CustomerLimits(infra.db);
  const commands = new OrderCommands(
    orders,
    files,
    {
      rulesFor: async (tenantId) => {
        const brand = await settings.forTenant(tenantId);
        return { settings: brand.settings, anchorRates: (brand as { anchorRates?: RateTable }).anchorRates ?? brand.settings.rates };
      },
      usage: (userId, now) => limits.usage(userId, now),
      countRevival: (revival, decide) => limits.countRevival(revival, decide),
      releaseRevival: (orderId) => limits.releaseRevival(orderId),
      // System actors (the admin CLI, the demo seed) have no account, and no phone.
      phoneOf: async (userId) => (UUID.test(userId) ? ((await findUserById(infra.db, userId))?.phone ?? null) : null),
      accountMaker: (userId) => accountMaker(infra.db, userId),
    },
    chainChecks,
  );
  // OTP hashes get their own key, derived from the token secret.
  const otp = new OtpService(store, createHmac('sha256', secret).update('otp-codes').digest('hex'), (phone, code, purpose) =>
    queue.add('otp.deliver', { phone, code, purpose }),
  );
  const projections: ProjectionsControl = projectionsControl(infra, queue, env.PROJECTION_BATCH_SIZE ?? 2_000);
  const evidence = new EvidenceCheck(infra.db, orders, files, commands);
  const reconciliation = reconciliationDeps(handler, infra, tenants, commands, orders, queue, env.READ_MODEL_WAIT_MS ?? READ_MODEL_WAIT_MS);
  const smsTemplates = new SmsTemplateStore(infra.db, infra.eventStore);
  const webhooks = buildWebhooks(infra.db, infra.eventStore, queue, secret, {
    production: env.NODE_ENV === 'production',
    ...(env.webhookRetryDelaysMs ? { retryDelaysMs: env.webhookRetryDelaysMs } : {}),
  });
  const handlers = jobHandlers({
    sms,
    commands,
    evidence,
    rebuildProjection: projections.rebuildNow,
    match: matchJob(reconciliation.matcher, infra.db, orders),
    chainCheck: chainCheckJob(commands, queue),
    webhookDeliver: ({ deliveryId }) => webhooks.dispatch.deliver(deliveryId),
    notificationSms: notificationSmsJob({
      db: infra.db,
      sms,
      templates: (tenantId) => smsTemplates.get(tenantId),
      brandName: async (tenantId) => (await directory.profile(tenantId)).name,
    }),
  });
  inProcess?.run(handlers);
  const signer = new UrlSigner(secret);
  const directory = new TenantDirectory(infra.db, tenants);
  const tokens = new TokenService(secret);
  const rateLimiter = new RateLimiter(store);
  const { sessions, signIn } = setUpSignIn({
    db: infra.db,
    tokenSecret: secret,
    tokens,
    store,
    limits: rateLimiter,
    trail: roles.trail,
    staffTotp: staffTotpPolicy(env.NODE_ENV, env.STAFF_TOTP),
    brandName: async (tenantId) => (await directory.profile(tenantId)).name,
    listen: (listener, options) => listenToChannel(infra.connectionString, SESSIONS_CHANGED_CHANNEL, listener, options),
  });
  forgetSessions = signIn.sessions.forget;
  // The job worker serves no compliance route: it holds no signing key (signing-key.ts).
  const signingKey = env.signsNoExports ? NO_SIGNING_KEY : loadSigningKey(env.AUDIT_SIGNING_KEY, env.DATA_DIR, env.NODE_ENV);
  if (!env.signsNoExports) logger.info('audit exports are signed with', { fingerprint: signingKey.fingerprint });

  const deps: AppDeps = {
    pool: infra.pool,
    db: infra.db,
    eventStore: infra.eventStore,
    tokens,
    settings,
    tenants,
    directory,
    roles,
    deskChanges: buildDeskChanges({ handler, settings, tenants, roles, db: infra.db, files, invalidateBrands: () => directory.invalidate() }),
    users,
    sessions,
    signIn,
    store,
    limits: rateLimiter,
    otp,
    queue,
    projections,
    orders: {
      db: infra.db,
      accounts: infra.db,
      eventStore: infra.eventStore,
      orders,
      placement: new OrderPlacement(
        orders,
        settings,
        tenants,
        { paymentWindowMinutes: env.PAYMENT_WINDOW_MINUTES, rateLockMinutes: env.RATE_LOCK_MINUTES },
        limits,
      ),
      claims: limits,
      commands,
      files,
      signer,
      trustProxy: env.TRUST_PROXY,
    },
    compliance: {
      replay: { store: infra.eventStore, users: infra.db, brandNames: () => directory.names() },
      readModels: infra.db,
      users: infra.db,
      trail: new AccessTrail(infra.eventStore),
      exports: new AuditExports(infra.eventStore, infra.db, infra.db, signingKey),
      key: signingKey,
      signer,
      directory,
      trustProxy: env.TRUST_PROXY,
    },
    live: createLiveUpdates(infra.db, store, (channel, listener) => listenToChannel(infra.connectionString, channel, listener)),
    reconciliation,
    webhooks,
    notifications: { templates: smsTemplates },
    ledger: { position: new DailyPosition(infra.db, tenants, createWalletBalances(networks), () => directory.names()) },
    config: {
      trustProxy: env.TRUST_PROXY,
      readModelWaitMs: env.READ_MODEL_WAIT_MS ?? READ_MODEL_WAIT_MS,
      defaultTenantId: DEFAULT_TENANT_ID,
      paymentWindowMinutes: env.PAYMENT_WINDOW_MINUTES,
      rateLockMinutes: env.RATE_LOCK_MINUTES,
      rateLimits: routeLimitsFrom(env),
    },
  };
  return { deps, handlers };
}

/** Bank statements: the brands' accounts in an admin's scope, the imports into their streams, and matching their lines to orders. */
function reconciliationDeps(
  handler: CommandHandler,
  infra: Infrastructure,
  tenants: TenantStore,
  commands: OrderCommands,
  orders: OrderStore,
  queue: JobQueue,
  readModelWaitMs: number,
) {
  const accounts = new BrandBankAccounts(tenants, infra.db);
  const claims = new LineClaims(infra.db);
  const matcher = new PaymentMatcher(infra.db, infra.db, commands, claims, accounts);
  const lines = new LineDecisions(handler, infra.db, infra.db, accounts, claims, commands, orders, readModelWaitMs);
  return { accounts, imports: new StatementImports(infra.eventStore, accounts), matcher, lines, queue, readModels: infra.db };
}
