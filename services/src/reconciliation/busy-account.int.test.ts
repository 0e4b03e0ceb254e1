import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test, expect } from 'vitest';
import { createPool } from '@desk/platform/db/pg-pool';
import { PgEventStore } from '@desk/platform/eventstore/postgres/pg-event-store';
import { CommandHandler } from '@desk/platform/eventstore/command-handler';
import { bankStatementEvolver } from '@desk/machines/reconciliation/bank-statement.decide';
import { createTestDatabase } from '../../../tests/support/test-database';
import { testMetadata } from '../../../tests/support/event-factory';
import type { AdminScope } from '../identity/admin-scope';
import type { BrandBankAccounts } from './brand-bank-accounts';
import { APPEND_CHUNK, StatementImports } from './statement-imports';

/** Lines already on the account: well past what one statement reads within the bound below. */
const LINES = 150_000;
/**
 * The request path's statement bound (decision 0061), shortened with the stream: its whole read (the
 * review measured 1.5 to 2 s for 100,000 lines, in one statement) is cut, a page of it (5,000) is not.
 */
const STATEMENT_MS = 1_000;
const OPERATOR: AdminScope = { kind: 'all_brands' };

/**
 * Review 17, F2: a busy bank account's stream (an event per statement line) read by the import, a
 * line's refund marking (CommandHandler) and the import history, on a pool with the API's kind of
 * bounds. Before: the whole stream in one statement, cancelled (57014, 503) on every attempt.
 */
test('a busy account is read, and takes a statement, under the request path statement bound', async () => {
  const database = await createTestDatabase({ poolSize: 4 });
  const seedPool = createPool({ connectionString: database.url, max: 2 });
  const apiPool = createPool({ connectionString: database.url, max: 2, statementMs: STATEMENT_MS, answerMs: STATEMENT_MS + 5_000 });
  try {
    const accountId = randomUUID();
    const stream = `bankaccount-${accountId}`;
    const statementId = randomUUID();
    const metadata = testMetadata({ actor: { id: randomUUID(), role: 'admin' } });
    const seedStore = new PgEventStore({ pool: seedPool, connectionString: database.url });
    let revision: bigint | null = null;
    for (let count = 0; count < LINES; count += APPEND_CHUNK) {
      const chunk = Array.from({ length: APPEND_CHUNK }, (_, i) => {
        const n = count + i;
        const line = {
          bookedOn: '2026-06-01',
          valueOn: '2026-06-01',
          direction: n % 2 ? 'credit' : 'debit',
          amount: `${1000 + (n % 9000)}.00`,
          narration: `UPI/CR/${400000000000 + n}/RAHUL KUMAR/HDFC/rahul.kumar@okhdfcbank/ORD-S${n.toString(36).toUpperCase()}`,
          bankReference: `HDFC${n}`,
          balanceAfter: `${100000 + n}.00`,
        };
        return { eventId: randomUUID(), type: 'StatementLineRecorded', data: { statementId, key: `k-${n}`, line }, metadata };
      });
      revision = (await seedStore.append(stream, chunk, { expected: revision === null ? 'no_stream' : revision })).nextExpectedVersion;
    }

    const apiStore = new PgEventStore({ pool: apiPool, connectionString: database.url });
    // A line's refund marking (LineDecisions) folds the account through the command handler.
    const loaded = await new CommandHandler(apiStore).load(bankStatementEvolver, stream);
    expect(loaded.revision).toBe(BigInt(LINES - 1));

    const accounts = { find: async () => ({ id: accountId, tenantId: metadata.tenantId, accountNumber: '50100012345678' }) } as unknown as BrandBankAccounts;
    const imports = new StatementImports(apiStore, accounts);
    const file = await readFile(path.join(import.meta.dirname, 'statements/fixtures/csv-hdfc-withdrawal-deposit.csv'));
    const upload = async () => ({ fileName: 'statement.csv', bytes: file, mapping: null });
    const imported = await imports.import(OPERATOR, accountId, upload, { ...metadata, idempotencyId: randomUUID() });
    expect(imported).toMatchObject({ lineCount: 3, newLineCount: 3 });
    expect(await imports.history(OPERATOR, accountId)).toHaveLength(1);
  } finally {
    await apiPool.end();
    await seedPool.end();
    await database.drop();
  }
}, 300_000);
