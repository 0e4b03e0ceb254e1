/**
 * Bank statements (issue 28, decision 0032), mounted at /api/admin behind requireAdmin: an operator
 * admin imports for every brand's accounts, a brand admin for their brand's (brand-bank-accounts.ts
 * answers 404 outside the scope). Importing records what the bank says; it moves no money and
 * changes no order, so one admin does it.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { ValidationError } from '@desk/platform/errors/domain-error';
import type { StatementImported } from '@desk/machines/reconciliation/bank-statement.events';
import type { AdminEnv } from '../identity/auth.middleware';
import { actorOf } from '../identity/auth.middleware';
import { commandMetadata } from '../http/request-context';
import { hasNul } from '../http/refuse-nul';
import { validate } from '../http/validate';
import type { ProxyTrust } from '../http/proxy-trust';
import type { BrandBankAccount, BrandBankAccounts } from './brand-bank-accounts';
import type { StatementImports } from './statement-imports';
import { COLUMN_PRESETS } from './statements/column-presets';
import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import type { ServicesDatabase } from '../db/services-database';
import type { AdminScope } from '../identity/admin-scope';
import { eventActors, hiddenFrom, staffIdsIn, withholdStaffIds } from '../identity/event-actors';
import { statementLinesOf } from '@desk/projections/read-models/statement-lines/statement-lines.queries';
import { lineJson } from './line-json';
import { scheduleStatementMatch } from './matching-jobs';
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
}

/** A column mapping is a few hundred characters; one of megabytes is not a mapping (and its JSON is parsed whole). */
const MAX_MAPPING_LENGTH = 10_000;
const MAPPING_TOO_LONG = `A column mapping is at most ${MAX_MAPPING_LENGTH.toLocaleString('en-IN')} characters`;

const accountParam = z.object({ id: z.string().uuid({ error: 'Bank account id must be a bank account id' }) });

/** An account as the reconciliation screens show it: its number masked to the last four. */
const accountJson = (account: BrandBankAccount) => ({
  _id: account.id,
  tenantId: account.tenantId,
  brandName: account.brandName,
  bankName: account.bankName,
  accountName: account.accountName,
  accountNumberEnd: account.accountNumber.replace(/\s+/g, '').slice(-4),
  ifsc: account.ifsc,
  isActive: account.isActive,
});

const importJson = (data: StatementImported['data']) => ({ _id: data.statementId, ...data, importedBy: data.importedBy as string | null });

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
  /** unmatched: the lines that pay no order and are not marked for refund; matched; refund; all (the default). */
  state: z.enum(['all', 'unmatched', 'matched', 'refund']).default('all'),
  direction: z.enum(['credit', 'debit']).optional(),
});

export function reconciliationRoutes({ accounts, imports, readModels, users, trustProxy, queue }: ReconciliationRouteDeps) {
  return new Hono<AdminEnv>()
    .get('/bank-accounts', async (c) => c.json({ bankAccounts: (await accounts.inScope(c.get('scope'))).map(accountJson) }, 200))
    .get('/statement-layouts', (c) =>
      c.json({ layouts: COLUMN_PRESETS.map((preset) => ({ id: preset.id, name: preset.name, seenIn: preset.seenIn, mapping: preset.mapping })) }, 200),
    )
    .get('/bank-accounts/:id/statements', validate('param', accountParam), async (c) => {
      const statements = (await imports.history(c.get('scope'), c.req.valid('param').id)).map(importJson);
      return c.json({ statements: await withholdOperatorStaff(users, c.get('scope'), statements) }, 200);
    })
    .get('/bank-accounts/:id/lines', validate('param', accountParam), validate('query', linesQuerySchema), async (c) => {
      const account = await accounts.find(c.get('scope'), c.req.valid('param').id);
      const { page, limit, state, direction } = c.req.valid('query');
      const { lines, total } = await statementLinesOf(readModels, account.id, { page, limit }, { state, direction: direction ?? null });
      const shown = lines.map((line) => lineJson(line, c.get('scope')));
      // The operator's staff who matched or marked a line are not named to a brand's admin (review 9, N5), as on imports.
      return c.json({ lines: await withholdOperatorStaff(users, c.get('scope'), shown), total, page, limit }, 200);
    })
    .post('/bank-accounts/:id/statements', validate('param', accountParam), async (c) => {
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
      const imported = await imports.import(c.get('scope'), c.req.valid('param').id, readUpload, commandMetadata(c, actorOf(c), trustProxy));
      await scheduleStatementMatch(queue, imported.statementId, imported.newLineCount);
      const message =
        imported.newLineCount === 0
          ? 'Statement imported: every line was already recorded'
          : `Statement imported: ${imported.newLineCount} new line(s) recorded`;
      return c.json({ statement: importJson(imported), message }, 201);
    });
}
