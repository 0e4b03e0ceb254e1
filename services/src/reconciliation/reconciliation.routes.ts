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

export interface ReconciliationRouteDeps {
  accounts: BrandBankAccounts;
  imports: StatementImports;
  trustProxy: ProxyTrust;
}

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

const importJson = (data: StatementImported['data']) => ({ _id: data.statementId, ...data });

export function reconciliationRoutes({ accounts, imports, trustProxy }: ReconciliationRouteDeps) {
  return new Hono<AdminEnv>()
    .get('/bank-accounts', async (c) => c.json({ bankAccounts: (await accounts.inScope(c.get('scope'))).map(accountJson) }, 200))
    .get('/statement-layouts', (c) =>
      c.json({ layouts: COLUMN_PRESETS.map((preset) => ({ id: preset.id, name: preset.name, seenIn: preset.seenIn, mapping: preset.mapping })) }, 200),
    )
    .get('/bank-accounts/:id/statements', validate('param', accountParam), async (c) =>
      c.json({ statements: (await imports.history(c.get('scope'), c.req.valid('param').id)).map(importJson) }, 200),
    )
    .post('/bank-accounts/:id/statements', validate('param', accountParam), async (c) => {
      const readUpload = async () => {
        const form = await c.req.parseBody().catch(() => {
          throw ValidationError.of('body', 'The request body is not a readable multipart form');
        });
        const file = form['file'];
        if (!(file instanceof File)) throw ValidationError.of('file', 'Choose a statement file to upload');
        const mapping = form['mapping'];
        if (typeof mapping === 'string' && hasNul(mapping)) throw ValidationError.of('mapping', 'Text must not contain NUL characters');
        // The name is kept on the import's event: no control characters (a NUL would fail the append).
        const fileName = [...file.name].filter((char) => char >= ' ').join('') || 'statement';
        return { fileName, bytes: new Uint8Array(await file.arrayBuffer()), mapping: typeof mapping === 'string' ? mapping : null };
      };
      const imported = await imports.import(c.get('scope'), c.req.valid('param').id, readUpload, commandMetadata(c, actorOf(c), trustProxy));
      const message =
        imported.newLineCount === 0
          ? 'Statement imported: every line was already recorded'
          : `Statement imported: ${imported.newLineCount} new line(s) recorded`;
      return c.json({ statement: importJson(imported), message }, 201);
    });
}
