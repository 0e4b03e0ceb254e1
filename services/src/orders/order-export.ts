import type { BlankEnv } from 'hono/types';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { statusLabel } from '@desk/machines/order/order-state';
import { ExpiredLinkError, type UrlSigner } from '../files/url-signer';
import { iterateAdminOrders } from '@desk/projections/read-models/orders/orders.queries';
import { logger } from '@desk/platform/logging/logger';
import type { ServicesDatabase } from '../db/services-database';
import { scopeNow } from '../identity/scope-now';
import { adminScopeOf, coversTenant } from '../identity/admin-scope';
import type { TenantDirectory } from '../tenants/tenant-directory';
import { declare, routes } from '../http/openapi-route';
import { csvDownload } from '../http/csv-download';

export const EXPORT_PATH = '/api/admin/orders.csv';
export const EXPORT_LINK_SECONDS = 5 * 60;
/** The link's `tenant` when an operator admin exports every brand. */
export const ALL_BRANDS = '*';

const COLUMNS = [
  'refCode',
  'brand',
  'createdAt',
  'type',
  'status',
  'method',
  'network',
  'userPhone',
  'fiatAmountInr',
  'cryptoAmountUsdt',
  'rate',
  'feeAmount',
  'withdrawAddress',
  'bankReference',
  'cryptoReference',
  'bankUtr',
  'updatedAt',
];

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return) is prefixed with a
 * quote, so an exported address or reference typed by a customer can never execute on an operator's
 * machine (CSV injection).
 */
export function safeCell(value: string | null | undefined): string {
  const text = value ?? '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The export link's query: the filters and who asked, bound by the signature (url-signer.ts). */
const exportLinkQuery = z.object({
  type: z.string().optional().describe('The filters the link was made with, as POST /admin/orders/export-link took them'),
  status: z.string().optional(),
  network: z.string().optional(),
  by: z.string().describe('The admin who asked for the link'),
  tenant: z.string().describe(`A brand's id, or ${ALL_BRANDS} for every brand`),
  exp: z.string().meta({ pattern: '^\\d+$' }).describe('When the link expires, in seconds since the epoch'),
  sig: z.string().describe('The signature of the path and every other parameter: change one and the link is refused'),
});

export const orderExportDeclarations = {
  csv: declare({
    method: 'get',
    path: '/orders.csv',
    tag: 'admin: orders',
    access: 'signed-link',
    summary: 'The orders CSV, from POST /admin/orders/export-link (5 minutes); the admin is checked again',
    query: exportLinkQuery,
    answers: {
      200: {
        description: `The orders as CSV, a header row then one row per order (${COLUMNS.join(', ')}), sent as an attachment`,
        content: { 'text/csv': { schema: z.string() } },
      },
    },
  }),
};

/**
 * GET /api/admin/orders.csv: opened as a plain link, so it carries a signed, 5-minute token
 * (from POST /api/admin/orders/export-link) binding the admin, brand scope and filters, instead of
 * an Authorization header. The admin is checked again on download (a role removed or a brand
 * deleted since the link was made ends it). Streams the list without holding it in memory.
 */
export function orderExportRoutes(db: Kysely<ReadModelDatabase>, users: Kysely<ServicesDatabase>, signer: UrlSigner, directory: TenantDirectory) {
  /** Whether the admin who asked for the link may still export that brand (or every brand). */
  const stillAllowed = async (by: string | undefined, tenant: string | undefined): Promise<boolean> => {
    const maker = by && tenant ? await scopeNow(users, (id) => directory.isDeleted(id), by, adminScopeOf) : null;
    if (!maker) return false;
    const { scope } = maker;
    return tenant === ALL_BRANDS ? scope.kind === 'all_brands' : coversTenant(scope, tenant!);
  };

  // The signature first: a link altered or expired is refused (403) before its query is judged.
  const signedLink = createMiddleware<BlankEnv>(async (c, next) => {
    if (!signer.verify(EXPORT_PATH, c.req.query())) throw new ExpiredLinkError();
    await next();
  });

  return routes().openapi({ ...orderExportDeclarations.csv, middleware: [signedLink] }, async (c) => {
    const { type, status, network, tenant, by } = c.req.query();
    if (!(await stillAllowed(by, tenant))) throw new ExpiredLinkError();
    logger.info('orders exported', { by, tenant, type, status, network });
    const names = await directory.names();
    const rows = async function* () {
      for await (const v of iterateAdminOrders(db, tenant === ALL_BRANDS ? null : tenant!, { type, status, network })) {
        yield [
          v.refCode,
          safeCell(names.get(v.tenantId) ?? v.tenantId),
          v.createdAt,
          v.orderType,
          statusLabel(v.status),
          v.method,
          v.network,
          safeCell(v.userPhone),
          v.fiatAmount,
          v.cryptoAmount,
          v.rate,
          v.feeAmount,
          safeCell(v.withdrawAddress),
          safeCell(v.bankReference),
          safeCell(v.cryptoReference),
          safeCell(v.bankUtr),
          v.updatedAt,
        ];
      }
    };
    return csvDownload(c, `orders-${new Date().toISOString().slice(0, 10)}.csv`, COLUMNS, rows());
  });
}
