/**
 * The desk's books over HTTP (issue 28, docs/ledger.md): a brand's daily position and its entries as
 * CSV. Admins at /api/admin/ledger (an operator admin any brand, a brand admin their own: 403 for
 * another's), compliance officers the same reads at /api/compliance/ledger, each recorded on their
 * access trail before it is answered. Reads only: the books are built from the events by their
 * projection, and nothing here changes them.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import { ValidationError } from '@desk/platform/errors/domain-error';
import type { ComplianceAccessed } from '@desk/machines/compliance/compliance.events';
import { isDay } from '@desk/machines/ledger/desk-day';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import type { AdminEnv } from '../identity/auth.middleware';
import { actorOf } from '../identity/auth.middleware';
import { OPERATOR_TENANT_ID, tenantFilter, type AdminScope } from '../identity/admin-scope';
import { commandMetadata } from '../http/request-context';
import { answer, routes } from '../http/openapi-route';
import { routeGroup, type RouteGroup } from '../http/route-group';
import type { ProxyTrust } from '../http/proxy-trust';
import type { RecordAccess } from '../desk-changes/compliance-desk-changes.routes';
import { positionJsonSchema, type DailyPosition } from './daily-position';
import { streamLedgerCsv } from './ledger-csv';

export interface LedgerRouteDeps {
  position: DailyPosition;
  readModels: Kysely<ReadModelDatabase>;
}

const day = (what: string) =>
  z.string().trim().refine(isDay, `${what} must be a day written yyyy-mm-dd`).meta({ format: 'date' }).describe('A day, yyyy-mm-dd (a real date)');
const brand = z
  .string()
  .trim()
  .min(1, 'Brand must not be empty')
  .max(100, 'Brand must be at most 100 characters')
  .optional()
  .describe("The brand's id: a brand's reader may ask only for their own (403 for another's); left out, their own (the operator's for the operator's staff)");
export const positionQuery = z.object({
  tenantId: brand,
  day: day('Day').optional().describe("A day, yyyy-mm-dd, India's day: today when left out, never later"),
});
export const entriesQuery = z
  .object({ tenantId: brand, from: day('From'), to: day('To').describe('A day, yyyy-mm-dd, not before `from` (both included)') })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'To must not be before from' });

const POSITION =
  "For each bank account and USDT wallet, the day's opening, in, out and closing from the books, the source's balance (the statement's after " +
  "the day's last line or its stated closing; the chain's at its latest block, today only) and the difference in words; what no order " +
  'explains in each bank account; every account balance; debits and credits per currency (docs/ledger.md).';
const ENTRIES = "The brand's posting lines from `from` to `to` (both included): a header row, then one row per line by day and as booked, streamed.";
const NO_BRAND = 'not_found: no such brand';
const positionAnswer200 = answer(
  'The position; `brands` lists every brand to choose from for a reader of every brand, null for a brand reader',
  z.object({ position: positionJsonSchema, brands: z.array(z.object({ id: z.string(), name: z.string() })).nullable() }),
);
const csv = { description: 'The entries as CSV (UTF-8)', content: { 'text/csv': { schema: z.string() } } };
const dayAfterToday = 'Also 400 for a `day` after today.';

/** The two reads, declared alike for admins and for compliance staff: only the group and the summary's words differ. */
function ledgerReads(group: RouteGroup, summaries: { position: string; entries: string }) {
  const reader = routeGroup(group);
  return {
    position: reader.get('/ledger/position', {
      summary: summaries.position,
      description: `${POSITION} ${dayAfterToday}`,
      query: positionQuery,
      answers: { 200: positionAnswer200 },
      refuses: { 404: NO_BRAND },
    }),
    entries: reader.get('/ledger/entries.csv', {
      summary: summaries.entries,
      description: ENTRIES,
      query: entriesQuery,
      answers: { 200: csv },
      refuses: { 404: NO_BRAND },
    }),
  };
}

const adminReads = ledgerReads(
  { tag: 'admin: books', access: 'admin' },
  { position: "A brand's daily position", entries: "A brand's ledger entries for a range of days, as CSV" },
);
const complianceReads = ledgerReads(
  { tag: 'compliance', access: 'compliance' },
  {
    position: "A brand's daily position (recorded on the officer's access trail: ledger_position)",
    entries: "A brand's ledger entries as CSV (recorded on the officer's access trail: ledger_export)",
  },
);

export const ledgerDeclarations = {
  adminPosition: adminReads.position,
  adminEntries: adminReads.entries,
  compliancePosition: complianceReads.position,
  complianceEntries: complianceReads.entries,
};

/** The brand asked for, within the reader's scope (403 outside it); none asked: a brand admin's own, the operator's for an operator admin. */
const brandOf = (scope: AdminScope, requested: string | undefined) => tenantFilter(scope, requested) ?? OPERATOR_TENANT_ID;

/** A day that has not come yet has no position: 400, like any other bad input. */
function notAfterToday(position: DailyPosition, asked: string | undefined): string {
  const today = position.today();
  const chosen = asked ?? today;
  if (chosen > today) throw new ValidationError([{ path: 'day', message: `Day must not be after today (${today})` }]);
  return chosen;
}

type Reader = Context<AdminEnv>;

/** The position, and for a reader of every brand the brands to choose from (compliance has no brand list of its own). */
async function positionAnswer(c: Reader, deps: LedgerRouteDeps, query: z.infer<typeof positionQuery>) {
  const scope = c.get('scope');
  const position = await deps.position.of(brandOf(scope, query.tenantId), notAfterToday(deps.position, query.day));
  return { position, brands: scope.kind === 'all_brands' ? await deps.position.brandList() : null };
}

async function csvAnswer(c: Reader, deps: LedgerRouteDeps, query: z.infer<typeof entriesQuery>) {
  const tenantId = brandOf(c.get('scope'), query.tenantId);
  const { brandName, names } = await deps.position.brand(tenantId);
  return {
    tenantId,
    respond: () => streamLedgerCsv(c, { readModels: deps.readModels, tenantId, brandName, names, range: { from: query.from, to: query.to } }),
  };
}

/** Mounted at /api/admin behind requireAdmin. */
export function adminLedgerRoutes(deps: LedgerRouteDeps) {
  return routes<AdminEnv>()
    .openapi(ledgerDeclarations.adminPosition, async (c) => c.json(await positionAnswer(c, deps, c.req.valid('query')), 200))
    .openapi(ledgerDeclarations.adminEntries, async (c) => (await csvAnswer(c, deps, c.req.valid('query'))).respond());
}

/** Mounted at /api/compliance behind requireCompliance: the same reads, each on the officer's access trail first. */
export function complianceLedgerRoutes(deps: LedgerRouteDeps & { trustProxy: ProxyTrust; recordAccess: RecordAccess }) {
  const record = (c: Reader, access: ComplianceAccessed) => deps.recordAccess(c.get('user').id, access, commandMetadata(c, actorOf(c), deps.trustProxy));
  const asked = (c: Reader) => Object.fromEntries(Object.entries(c.req.query()).filter(([, v]) => v !== ''));
  return routes<AdminEnv>()
    .openapi(ledgerDeclarations.compliancePosition, async (c) => {
      const answer = await positionAnswer(c, deps, c.req.valid('query'));
      const { tenantId, day, accounts } = answer.position;
      await record(c, { view: 'ledger_position', query: { ...asked(c), tenantId, day }, resultCount: accounts.length });
      return c.json(answer, 200);
    })
    .openapi(ledgerDeclarations.complianceEntries, async (c) => {
      const answer = await csvAnswer(c, deps, c.req.valid('query'));
      await record(c, { view: 'ledger_export', query: { ...asked(c), tenantId: answer.tenantId } });
      return answer.respond();
    });
}
