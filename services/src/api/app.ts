import { Hono, type Context } from 'hono';
import { securityHeaders } from '../http/security-headers';
import { compressJson } from '../http/compress-json';
import { limitBodies } from '../http/body-limits';
import { reconciliationRoutes } from '../reconciliation/reconciliation.routes';
import type { BrandBankAccounts } from '../reconciliation/brand-bank-accounts';
import type { StatementImports } from '../reconciliation/statement-imports';
import type { LineDecisions } from '../reconciliation/line-decisions';
import type { PaymentMatcher } from '../reconciliation/payment-matcher';
import { matchingRoutes } from '../reconciliation/matching.routes';
import { adminLedgerRoutes, complianceLedgerRoutes } from '../ledger/ledger.routes';
import type { DailyPosition } from '../ledger/daily-position';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import type { TokenService } from '../identity/tokens';
import type { SettingsService } from '../settings/settings.service';
import { bearerToken, requireAdmin, requireOperator, requireUser, type AdminEnv, type AuthEnv } from '../identity/auth.middleware';
import { handleError } from './error-handler';
import { routes } from '../http/openapi-route';
import { allowedMethods, methodNotAllowed } from '../http/method-not-allowed';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { healthRoutes, probeRoutes } from './health.routes';
import { readinessCheck } from './readiness';
import { webAssets, webClient } from './web-client';
import { authApi } from '../identity/auth-api';
import type { SignedInSessions } from '../identity/signed-in-sessions';
import type { SignInDeps } from '../identity/staff-sign-in';
import type { DeskChanges } from '../desk-changes/desk-changes';
import { adminDeskChangeRoutes, type DeskChangeAnswers } from '../desk-changes/desk-changes.routes';
import { complianceDeskChangeRoutes } from '../desk-changes/compliance-desk-changes.routes';
import { deskChangeJson } from '../desk-changes/desk-change-json';
import { fileLink } from '../tenants/tenant-json';
import { adminUserRoutes } from '../users/admin-users.routes';
import { adminSettingsRoutes, publicConfigRoutes } from '../settings/settings.routes';
import { idempotency } from '../http/idempotency';
import { rateLimit } from '../http/rate-limit';
import { DEFAULT_ROUTE_LIMITS, type RouteLimits } from '../http/rate-limit-env';
import { refuseNul } from '../http/refuse-nul';
import { requestLog, type RequestObserver } from '../http/request-log';
import type { ProxyTrust } from '../http/proxy-trust';
import { customerOrderRoutes } from '../orders/order.routes';
import { adminOrderRoutes } from '../orders/admin-order.routes';
import { orderExportRoutes } from '../orders/order-export';
import { fileRoutes } from '../files/files.routes';
import { viewerMayStillOpen } from '../files/proof-links';
import type { OrderDeps } from '../orders/order-deps';
import type { ShortLivedStore } from '../kv/short-lived-store';
import type { RateLimiter } from '../kv/rate-limiter';
import type { OtpService } from '../identity/otp.service';
import type { JobQueue } from '../jobs/job-queue';
import { resolveTenant, tenantOf } from '../http/tenant';
import { savedAccountRoutes } from '../accounts/saved-accounts.routes';
import type { TenantStore } from '../tenants/tenant-store';
import type { TenantDirectory } from '../tenants/tenant-directory';
import { tenantAdminRoutes } from '../tenants/tenant.routes';
import { tenantDetailsRoutes } from '../tenants/tenant-details.routes';
import { brandContactRoutes } from '../tenants/brand-contact.routes';
import { webhookRoutes } from '../webhooks/webhook.routes';
import type { Webhooks } from '../webhooks/webhooks';
import { notificationRoutes } from '../notifications/notifications.routes';
import { smsTemplateRoutes } from '../notifications/sms-templates.routes';
import type { SmsTemplateStore } from '../notifications/sms-template-store';
import { supportContactJson } from '../tenants/support-contact';
import { tenantSettingsRoutes } from '../settings/brand-settings.routes';
import type { UserRoles } from '../identity/user-roles';
import type { SignedInUsers } from '../identity/signed-in-users';
import type { UserRow } from '../identity/users.repository';
import { oneUserJson, userJsonSchema as userSchema } from '../users/user-json';
import { logoLink } from '../tenants/tenant-json';
import { adminProjectionRoutes, type ProjectionsControl } from './admin-projections.routes';
import { apiDocsRoutes } from './openapi/api-docs.routes';
import { complianceExportDownloadRoutes, complianceRoutes, type ComplianceDeps } from '../compliance/compliance.routes';
import { refuseComplianceCommands, requireCompliance, type ComplianceEnv } from '../compliance/require-compliance';
import { streamRoutes } from '../live/stream.routes';
import type { LiveUpdates } from '../live/live-updates';

export type { ProjectionsControl };

export interface AppConfig {
  trustProxy: ProxyTrust;
  /** How long an admin's tenant change waits for the read model to show it. */
  readModelWaitMs: number;
  defaultTenantId: string;
  paymentWindowMinutes: number;
  rateLockMinutes: number;
  /** Requests a minute per client and route group (http/rate-limit.ts); unset: the defaults. */
  rateLimits?: RouteLimits;
}

export interface AppDeps {
  pool: pg.Pool;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shared handle: services and read-model queries each type it with their own tables
  db: Kysely<any>;
  eventStore: EventStore;
  tokens: TokenService;
  settings: SettingsService;
  orders: OrderDeps;
  store: ShortLivedStore;
  limits: RateLimiter;
  otp: OtpService;
  queue: JobQueue;
  tenants: TenantStore;
  directory: TenantDirectory;
  roles: UserRoles;
  /** Signed-in users' rows, kept until the database announces their change. */
  users: SignedInUsers;
  /** Sessions, kept the same way (decision 0029). */
  sessions: SignedInSessions;
  /** Sessions opened and ended, staff authenticators, sign-in challenges. */
  signIn: SignInDeps;
  /** Changes to the desk's rules that wait for a second admin (decision 0030). */
  deskChanges: DeskChanges;
  projections: ProjectionsControl;
  compliance: ComplianceDeps;
  /** Live updates: stream tickets and this process's change hub (docs/api.md). */
  live: LiveUpdates;
  /** Bank statements read into the brands' bank accounts' streams (decision 0032). */
  reconciliation: { accounts: BrandBankAccounts; imports: StatementImports; lines: LineDecisions; matcher: PaymentMatcher; queue: JobQueue };
  /** The desk's books: a brand's daily position (docs/ledger.md). */
  ledger: { position: DailyPosition };
  /** A brand's signed webhooks: endpoints, the feed, delivery and its log (decision 0039). */
  webhooks: Webhooks;
  /** Customer notifications: the brands' SMS templates (services/src/notifications, decision 0040). */
  notifications: { templates: SmsTemplateStore };
  config: AppConfig;
  /** Told about every answered request: the metrics' duration histogram (only with METRICS_PORT). */
  observeRequest?: RequestObserver;
  /** The process's drain on SIGTERM (platform/src/process/draining.ts): /readyz answers 503 from its start. */
  drain?: { readonly draining: boolean };
}

export function createApp(deps: AppDeps) {
  const { db, tokens, settings, config, orders, limits, otp, store, tenants, directory } = deps;
  const trustProxy = config.trustProxy;
  const describeUser = (user: UserRow) => oneUserJson(db, user);
  const tenantDeleted = (tenantId: string) => directory.isDeleted(tenantId);
  const seen = (session: Parameters<SignedInSessions['seen']>[0]) => deps.sessions.seen(session);
  const signedIn = requireUser({ user: (id) => deps.users.get(id), session: (id) => deps.sessions.get(id), seen }, tokens, tenantDeleted);
  // Who may act as an admin or read compliance's records, and a password change, are decided on the
  // rows as the database has them now: a row in memory a moment stale must never turn into a write.
  const signedInFresh = requireUser({ user: (id) => deps.users.fresh(id), session: (id) => deps.sessions.fresh(id), seen }, tokens, tenantDeleted);
  const forgetUser = (id: string) => deps.users.forget(id);
  // How a change to the desk's rules reads on the screens, and what the routes that make one need.
  const desk: DeskChangeAnswers = {
    changes: deps.deskChanges,
    json: async (state) => deskChangeJson(state, { users: db, fileLink: (id) => fileLink(orders.signer, id), brandNames: await directory.names() }),
  };
  // Each group's middleware is registered before its routes, as statements: a `.use()` chained on a
  // group of declared routes turns the typed client's view of the routes after it to `unknown`.
  const adminGroup = routes<AdminEnv>();
  adminGroup.use(signedInFresh, requireAdmin, idempotency(db));
  // Brand admins run their brand's orders and users; the rest of the desk is the operator's.
  for (const path of ['/settings', '/tenants/*', '/projections/*', '/users/:id/roles', '/changes', '/changes/*']) adminGroup.use(path, requireOperator);
  const admin = adminGroup
    .route('/', adminUserRoutes({ db, desk, tenants, directory, trustProxy }))
    .route('/', adminSettingsRoutes(settings, db, config.trustProxy, desk))
    .route('/', tenantSettingsRoutes({ tenants, settings, users: db, trustProxy, desk }))
    .route('/', adminOrderRoutes(orders, db, directory))
    .route(
      '/',
      tenantAdminRoutes({ tenants, directory, db, files: orders.files, signer: orders.signer, trustProxy, readModelWaitMs: config.readModelWaitMs, desk }),
    )
    .route('/', brandContactRoutes(tenants, trustProxy))
    .route('/', webhookRoutes({ ...deps.webhooks, brandExists: async (id) => (await directory.names()).has(id), trustProxy }))
    .route('/', smsTemplateRoutes(tenants, deps.notifications.templates, trustProxy))
    .route('/', adminDeskChangeRoutes({ ...desk, readModels: db, trustProxy }))
    .route('/', adminProjectionRoutes(deps.projections))
    .route('/', reconciliationRoutes({ ...deps.reconciliation, readModels: db, users: db, trustProxy, readModelWaitMs: config.readModelWaitMs }))
    .route('/', matchingRoutes({ ...deps.reconciliation, readModels: db, trustProxy }))
    .route('/', adminLedgerRoutes({ position: deps.ledger.position, readModels: db }));
  const customerGroup = routes<AuthEnv>();
  customerGroup.use(signedIn, refuseComplianceCommands, idempotency(db));
  const customer = customerGroup.route('/', customerOrderRoutes(orders));
  // Compliance staff read everything in their scope and act on nothing (docs/compliance.md).
  const complianceGroup = routes<ComplianceEnv>();
  complianceGroup.use(signedInFresh, requireCompliance);
  const compliance = complianceGroup
    .route('/', complianceRoutes(deps.compliance))
    .route(
      '/',
      complianceDeskChangeRoutes({
        ...desk,
        readModels: db,
        trustProxy,
        recordAccess: (userId, access, metadata) => deps.compliance.trail.record(userId, access, metadata),
      }),
    )
    .route(
      '/',
      complianceLedgerRoutes({
        position: deps.ledger.position,
        readModels: db,
        trustProxy,
        recordAccess: (userId, access, metadata) => deps.compliance.trail.record(userId, access, metadata),
      }),
    );
  const trail = deps.roles.trail;
  const userGroup = routes<AuthEnv>();
  userGroup.use(signedIn, refuseComplianceCommands, idempotency(db));
  const user = userGroup
    .route('/', savedAccountRoutes(db, { trail, trustProxy }))
    .route('/', tenantDetailsRoutes(tenants, orders.signer))
    .route('/', notificationRoutes(db, db));
  const brandOf = async (c: Context) => {
    const tenant = await directory.profile(tenantOf(c));
    return { name: tenant.name, logoUrl: logoLink(orders.signer, tenant), primaryColor: tenant.primaryColor, support: supportContactJson(tenant) };
  };

  // One check of the stores shared by /readyz and /api/health (readiness.ts: never two at once).
  const readiness = readinessCheck({ pool: deps.pool, eventStore: deps.eventStore, store: deps.store, draining: () => deps.drain?.draining ?? false });
  const probes = probeRoutes({ eventStore: deps.eventStore, readiness });
  const api = routes()
    .route('/', healthRoutes({ eventStore: deps.eventStore, readiness }))
    .route(
      '/',
      apiDocsRoutes(
        (): OpenAPIHono => api,
        () => probes,
      ),
    )
    .route(
      '/auth',
      authApi({ db, signIn: deps.signIn, signedIn, signedInFresh, limits, store, otp, tenantOf, trustProxy, describeUser, userSchema, trail, forgetUser }),
    )
    .route('/config', publicConfigRoutes(settings, brandOf))
    // The stream itself is opened with a ticket in its query (EventSource sends no header).
    .route('/stream', streamRoutes({ db, ...deps.live, signedIn, session: (id) => deps.sessions.get(id), user: (id) => deps.users.get(id), tenantDeleted }))
    // Opened as plain links (no Authorization header): each checks its own signed, expiring query.
    .route('/admin', orderExportRoutes(orders.db, db, orders.signer, directory))
    .route(
      '/files',
      fileRoutes(orders.files, orders.signer, (query) => viewerMayStillOpen(db, tenantDeleted, query)),
    )
    .route('/compliance', complianceExportDownloadRoutes(deps.compliance))
    .route('/admin', admin)
    .route('/orders', customer)
    .route('/user', user)
    .route('/compliance', compliance);

  const app = new Hono()
    .use(requestLog(deps.observeRequest))
    .use(securityHeaders)
    // At the root, before the web client's catch-all and everything /api/* runs (the tenant's host,
    // the limits): a load balancer's probe is answered whatever Host it sends.
    .route('/', probes)
    .use(
      '/api/*',
      compressJson,
      // Before anything reads the body: a client past its allowance costs a count and a 429.
      rateLimit(
        limits,
        config.rateLimits ?? DEFAULT_ROUTE_LIMITS,
        async (authorization) => {
          const token = bearerToken(authorization);
          return token === null ? null : ((await tokens.read(token))?.sub ?? null);
        },
        trustProxy,
      ),
      limitBodies(async (authorization) => {
        const token = bearerToken(authorization);
        return token !== null && (await tokens.read(token)) !== null;
      }),
      refuseNul,
      resolveTenant((host) => directory.resolve(host), trustProxy),
    )
    .route('/api', api)
    .use('*', webAssets);
  const allowedFor = allowedMethods(() => app.routes.filter((route) => route.path.startsWith('/api/')));
  app.notFound((c) => {
    if (!c.req.path.startsWith('/api/')) return webClient(c);
    const allowed = allowedFor(c.req.path);
    return allowed.length > 0 ? methodNotAllowed(c, allowed) : c.json({ error: 'Not found', code: 'not_found' }, 404);
  });
  app.onError(handleError);
  return app;
}

export type AppType = ReturnType<typeof createApp>;
