/**
 * Bank statements (issue 28, decision 0032), mounted at /api/admin behind requireAdmin: an operator
 * admin imports for every brand's accounts, a brand admin for their brand's (brand-bank-accounts.ts
 * answers 404 outside the scope). Importing records what the bank says; it moves no money and
 * changes no order, so one admin does it.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { columnMappingSchema } from './statements/column-mapping';
import { NotFoundError, ValidationError } from '@desk/platform/errors/domain-error';
import type { StatementImported } from '@desk/machines/reconciliation/bank-statement.events';
import type { AdminEnv } from '../identity/auth.middleware';
import { actorOf } from '../identity/auth.middleware';
import { commandMetadata } from '../http/request-context';
import { hasNul } from '../http/refuse-nul';
import { answer, routes } from '../http/openapi-route';
import { routeGroup } from '../http/route-group';
import { UUID } from '../http/server-ids';
import { KEY_REUSED } from '../http/idempotency';
import type { ProxyTrust } from '../http/proxy-trust';
import { BANK_ACCOUNT_NOT_FOUND, type BrandBankAccount, type BrandBankAccounts } from './brand-bank-accounts';
import type { StatementImports } from './statement-imports';
import { COLUMN_PRESETS } from './statements/column-presets';
import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import type { ServicesDatabase } from '../db/services-database';
import type { AdminScope } from '../identity/admin-scope';
import { eventActors, hiddenFrom, staffIdsIn, withholdStaffIds } from '../identity/event-actors';
import { statementLinesOf } from '@desk/projections/read-models/statement-lines/statement-lines.queries';
import { lineJson, lineJsonSchema } from './line-json';
import { scheduleStatementMatch } from './matching-jobs';
import { untilLinesShown } from './lines-shown';
import type { JobQueue } from '../jobs/job-queue';

export interface ReconciliationRouteDeps {
  accounts: BrandBankAccounts;
  imports: StatementImports;
  readModels: Kysely<ReadModelDatabase>;
  /** Who the staff named on an import are, to leave the operator's unnamed to a brand's admin. */
  users: Kysely<ServicesDatabase>;
  trustProxy: ProxyTrust;
  /** Where a statement's new lines are sent to be matched (matching-jobs.ts). */
  queue: JobQueue;
  /** How long an import waits for the lines' read model to hold its lines (READ_MODEL_WAIT_MS). */
  readModelWaitMs: number;
}

/** A column mapping is a few hundred characters; one of megabytes is not a mapping (and its JSON is parsed whole). */
const MAX_MAPPING_LENGTH = 10_000;
const MAPPING_TOO_LONG = `A column mapping is at most ${MAX_MAPPING_LENGTH.toLocaleString('en-IN')} characters`;

/**
 * The account a path names, as its id is written (any case). An id of another shape names no
 * account: 404, as an account outside the admin's scope is.
 */
export const accountIdOf = (c: Context) => {
  const id = c.req.param('id') ?? '';
  if (!UUID.test(id)) throw new NotFoundError(BANK_ACCOUNT_NOT_FOUND);
  return id.toLowerCase();
};

/** A brand's bank account as the reconciliation screens show it (accountJson). */
export const brandBankAccountJsonSchema = z.object({
  _id: z.string().describe('The id its statements are imported under'),
  tenantId: z.string(),
  brandName: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumberEnd: z.string().describe("The account number's last four digits"),
  ifsc: z.string(),
  isActive: z.boolean(),
});

const statedBalance = z.object({ on: z.string().describe('yyyy-mm-dd'), amount: z.string().describe('Signed, two decimals') }).nullable();
/** A statement import as the API answers it (importJson): the StatementImported event's data. */
export const statementImportJsonSchema = z.object({
  _id: z.string(),
  statementId: z.string(),
  fileName: z.string(),
  fileSha256: z.string().describe("The file's SHA-256 (hex): the same file imported twice is the same statement"),
  format: z.enum(['camt053', 'mt940', 'csv', 'xlsx']),
  accountNumber: z.string().nullable().describe('The account number as the statement prints it (perhaps masked)'),
  from: z.string().describe('The first booking day of its lines, yyyy-mm-dd'),
  to: z.string().describe('The last booking day of its lines, yyyy-mm-dd'),
  openingBalance: statedBalance,
  closingBalance: statedBalance,
  lineCount: z.number().int(),
  newLineCount: z.number().int().describe('The lines the desk did not hold before this import'),
  importedBy: z.string().nullable().describe("Null to a brand's admin when the operator's staff imported it"),
  importedAt: z.iso.datetime(),
});

/** An account as the reconciliation screens show it: its number masked to the last four. */
const accountJson = (account: BrandBankAccount): z.infer<typeof brandBankAccountJsonSchema> => ({
  _id: account.id,
  tenantId: account.tenantId,
  brandName: account.brandName,
  bankName: account.bankName,
  accountName: account.accountName,
  accountNumberEnd: account.accountNumber.replace(/\s+/g, '').slice(-4),
  ifsc: account.ifsc,
  isActive: account.isActive,
});

const importJson = (data: StatementImported['data']): z.infer<typeof statementImportJsonSchema> => ({
  _id: data.statementId,
  ...data,
  importedBy: data.importedBy as string | null,
});

/** Imports and lines as a brand's admin reads them: the operator's staff who imported, matched or marked left unnamed (decision 0014), as in every event's data. */
async function withholdOperatorStaff<T>(users: Kysely<ServicesDatabase>, reader: AdminScope, items: T[]): Promise<T[]> {
  if (reader.kind === 'all_brands') return items;
  const hidden = hiddenFrom(reader, await eventActors(users, items.flatMap(staffIdsIn)));
  return items.map((item) => withholdStaffIds(item, hidden) as T);
}

/** The lines page's query: which page, how many lines. */
export const linesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  state: z
    .enum(['all', 'unmatched', 'matched', 'refund'])
    .default('all')
    .describe('unmatched: the lines that pay no order and are not marked for refund; matched; refund; all (the default)'),
  direction: z.enum(['credit', 'debit']).optional(),
});

const statementForm = {
  fields: z.object({
    mapping: z
      .string()
      .max(MAX_MAPPING_LENGTH, MAPPING_TOO_LONG)
      .optional()
      .describe(
        'For a CSV or XLSX: the column mapping as JSON (see GET /admin/statement-layouts); when left out, the one saved for the account, else the first layout that reads the file. No NUL characters',
      ),
  }),
  files: ['file'],
};

const reconciliation = routeGroup({ tag: 'admin: reconciliation', access: 'admin' });
const NO_ACCOUNT = "not_found: no such bank account in the admin's scope";

export const reconciliationDeclarations = {
  accounts: reconciliation.get('/bank-accounts', {
    summary: "The brands' bank accounts in the admin's scope, each with the id its statements are imported under",
    answers: { 200: answer("The accounts (a brand admin: their brand's)", z.object({ bankAccounts: z.array(brandBankAccountJsonSchema) })) },
  }),
  layouts: reconciliation.get('/statement-layouts', {
    summary: 'The column layouts a CSV or XLSX statement may be read with (a starting point for a mapping)',
    answers: {
      200: answer(
        'The layouts',
        z.object({
          layouts: z.array(
            z.object({
              id: z.string(),
              name: z.string(),
              seenIn: z.string().describe('Who exports this layout'),
              mapping: columnMappingSchema.describe('The column mapping, as the upload takes it in `mapping`'),
            }),
          ),
        }),
      ),
    },
  }),
  statements: reconciliation.get('/bank-accounts/{id}/statements', {
    summary: 'The statements imported for an account, newest first',
    answers: { 200: answer('The imports', z.object({ statements: z.array(statementImportJsonSchema) })) },
    refuses: { 404: NO_ACCOUNT },
  }),
  lines: reconciliation.get('/bank-accounts/{id}/lines', {
    summary: "The account's statement lines, latest day first, each with what its narration says (channel, UTR or RRN, the other party, a reversal)",
    query: linesQuerySchema,
    answers: {
      200: answer('One page of lines', z.object({ lines: z.array(lineJsonSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() })),
    },
    refuses: { 404: NO_ACCOUNT },
  }),
  upload: reconciliation.post('/bank-accounts/{id}/statements', {
    summary: 'Import a statement (camt.053, MT940, CSV or XLSX, at most 5 MB): records the lines the account does not hold yet',
    description:
      "400 on `file` naming the line that cannot be read (or for no file), on `mapping` for a CSV or XLSX no layout reads, on `accountId` for another account's statement.",
    form: statementForm,
    answers: {
      201: answer('The import, with how many lines were new', z.object({ statement: statementImportJsonSchema, message: z.string() })),
    },
    refuses: {
      404: NO_ACCOUNT,
      409: 'Another import of this account was recorded at the same moment (try again); idempotency_in_progress',
      413: 'The upload is over its size limit',
      422: KEY_REUSED,
    },
  }),
};

export function reconciliationRoutes({ accounts, imports, readModels, users, trustProxy, queue, readModelWaitMs }: ReconciliationRouteDeps) {
  const d = reconciliationDeclarations;
  // The account is found in the admin's scope before the upload is read: another brand's account is 404 whatever is sent.
  const accountInScope = createMiddleware<AdminEnv>(async (c, next) => {
    await accounts.find(c.get('scope'), accountIdOf(c));
    await next();
  });
  return routes<AdminEnv>()
    .openapi(d.accounts, async (c) => c.json({ bankAccounts: (await accounts.inScope(c.get('scope'))).map(accountJson) }, 200))
    .openapi(d.layouts, (c) =>
      c.json({ layouts: COLUMN_PRESETS.map((preset) => ({ id: preset.id, name: preset.name, seenIn: preset.seenIn, mapping: preset.mapping })) }, 200),
    )
    .openapi(d.statements, async (c) => {
      const statements = (await imports.history(c.get('scope'), accountIdOf(c))).map(importJson);
      return c.json({ statements: await withholdOperatorStaff(users, c.get('scope'), statements) }, 200);
    })
    .openapi(d.lines, async (c) => {
      const account = await accounts.find(c.get('scope'), accountIdOf(c));
      const { page, limit, state, direction } = c.req.valid('query');
      const { lines, total } = await statementLinesOf(readModels, account.id, { page, limit }, { state, direction: direction ?? null });
      const shown = lines.map((line) => lineJson(line, c.get('scope')));
      // The operator's staff who matched or marked a line are not named to a brand's admin (review 9, N5), as on imports.
      return c.json({ lines: await withholdOperatorStaff(users, c.get('scope'), shown), total, page, limit }, 200);
    })
    .openapi({ ...d.upload, middleware: [accountInScope, ...d.upload.middleware] }, async (c) => {
      const readUpload = async () => {
        const form = await c.req.parseBody().catch(() => {
          throw ValidationError.of('body', 'The request body is not a readable multipart form');
        });
        const file = form['file'];
        if (!(file instanceof File)) throw ValidationError.of('file', 'Choose a statement file to upload');
        const mapping = form['mapping'];
        if (typeof mapping === 'string' && hasNul(mapping)) throw ValidationError.of('mapping', 'Text must not contain NUL characters');
        if (typeof mapping === 'string' && mapping.length > MAX_MAPPING_LENGTH) throw ValidationError.of('mapping', MAPPING_TOO_LONG);
        return { fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()), mapping: typeof mapping === 'string' ? mapping : null };
      };
      const { position, ...imported } = await imports.import(c.get('scope'), accountIdOf(c), readUpload, commandMetadata(c, actorOf(c), trustProxy));
      await scheduleStatementMatch(queue, imported.statementId, imported.newLineCount);
      await untilLinesShown(readModels, position, readModelWaitMs);
      const message =
        imported.newLineCount === 0
          ? 'Statement imported: every line was already recorded'
          : `Statement imported: ${imported.newLineCount} new line(s) recorded`;
      return c.json({ statement: importJson(imported), message }, 201);
    });
}
