import { randomUUID } from 'node:crypto';
import { test, expect } from 'vitest';
import { createPool } from '@desk/platform/db/pg-pool';
import { PgEventStore } from '@desk/platform/eventstore/postgres/pg-event-store';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import { createTestDatabase } from '../../../tests/support/test-database';
import { testMetadata } from '../../../tests/support/event-factory';
import type { AdminScope } from '../identity/admin-scope';
import type { BrandBankAccounts } from './brand-bank-accounts';
import { StatementImports } from './statement-imports';
import { hdfcStatement } from '../../../tests/support/hdfc-statement';

const LINES = 600;
const OPERATOR: AdminScope = { kind: 'all_brands' };

/**
 * Review 18's F2: an import of 600 lines (two chunks of 500) and, between its two appends, another
 * append to the account's stream (a line marked for refund by another admin). Before, the second
 * chunk lost its race and answered 409 (kept under the key: no re-run ever finished it), and the
 * file uploaded again was recorded as a second import of 102 "new" lines, 702 for 600. Now the
 * import carries on with the lines not recorded since, under its own statement.
 */
test('an import cut between its chunks by another command carries on, and is recorded once', async () => {
  const database = await createTestDatabase({ poolSize: 2 });
  const pool = createPool({ connectionString: database.url, max: 2 });
  try {
    const real = new PgEventStore({ pool, connectionString: database.url });
    const accountId = randomUUID();
    const stream = `bankaccount-${accountId}`;
    const metadata = testMetadata({ actor: { id: randomUUID(), role: 'admin' } });
    let appends = 0;
    const racing: Pick<EventStore, 'readStream' | 'append'> = {
      readStream: (id, options) => real.readStream(id, options),
      append: async (id, events, options) => {
        const result = await real.append(id, events, options);
        // After the import's first chunk, another command's event lands on the account.
        if (++appends === 1) {
          await real.append(
            id,
            [
              {
                eventId: randomUUID(),
                type: 'StatementLineMarkedForRefund',
                data: { key: 'other', note: 'refund', markedBy: 'someone', markedAt: new Date().toISOString() },
                metadata,
              },
            ],
            { expected: result.nextExpectedVersion },
          );
        }
        return result;
      },
    };
    const accounts = { find: async () => ({ id: accountId, tenantId: metadata.tenantId, accountNumber: '50100012345678' }) } as unknown as BrandBankAccounts;
    const upload = async () => ({ fileName: 'statement.csv', bytes: Buffer.from(hdfcStatement(LINES)), mapping: null });

    const first = await new StatementImports(racing, accounts).import(OPERATOR, accountId, upload, { ...metadata, idempotencyId: randomUUID() });
    expect(first).toMatchObject({ lineCount: 600, newLineCount: 600 });
    // The admin uploads the file again, as after the 409 before: nothing new.
    const again = await new StatementImports(real, accounts).import(OPERATOR, accountId, upload, { ...metadata, idempotencyId: randomUUID() });
    expect(again.newLineCount).toBe(0);
    const history = await new StatementImports(real, accounts).history(OPERATOR, accountId);
    const recorded = (await real.readStream(stream)).filter((e) => e.type === 'StatementLineRecorded');
    const byStatement = new Map<string, number>();
    for (const e of recorded)
      byStatement.set((e.data as { statementId: string }).statementId, (byStatement.get((e.data as { statementId: string }).statementId) ?? 0) + 1);
    // What the trail should say: one import of the file whose new lines are the lines recorded.
    expect(history.reduce((n, h) => n + h.newLineCount, 0)).toBe(recorded.length);
    expect([...byStatement]).toEqual([[first.statementId, 600]]);
  } finally {
    await pool.end();
    await database.drop();
  }
}, 60_000);
