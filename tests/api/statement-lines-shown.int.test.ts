/**
 * Read your writes for the statement lines' screens (decision 0066): the account's lines page and
 * the unmatched queue are read from the statement lines' read model, and nothing live refreshes them
 * for lines that pay no order, so an import and a refund mark are answered once that read model shows
 * them. The projector runs in the background here, as in production, and is held at its batch's
 * checkpoint for a moment (a row lock): a read right after the answer must show what it did (it did
 * not whenever the projector was slower than the screen's refresh: the reconciliation browser test's
 * intermittent failure under load, and review 22's 2 of 8 imports read without their lines).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { json } from '../support/test-app';
import { appTestWith } from '../support/app-fixtures';
import { confirmPending } from '../support/desk-changes';
import { bankAccountId } from '../../machines/src/reconciliation/bank-account-id';
import { ProjectionGroupRunner } from '../../projections/src/runtime/projection-group-runner';
import { projections } from '../../projections/src/read-models';
import { statementLinesProjection } from '../../projections/src/read-models/statement-lines/statement-lines.projection';

const HDFC = { bankName: 'HDFC Bank', accountName: 'Zen Desk Trading', accountNumber: '50100012345678', ifsc: 'HDFC0001234', isActive: true };
const ACCOUNT = bankAccountId('default', HDFC);
const statement = (lines: { ref: string; credit: string }[]) =>
  [
    'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
    ...lines.map((l) => `25/11/26,"NEFT CR-KKBK0001234-UNKNOWN TRADERS-${l.ref}",${l.ref},25/11/26,,"${l.credit}","1,00,000.00"`),
    '',
  ].join('\r\n');
const HOLD_MS = 600;

const it = appTestWith({ READ_MODEL_WAIT_MS: 10_000 })
  /** The desk's account, and the projector running in the background for the file (stopped at its end). */
  .extend('desk', { scope: 'file' }, async ({ t, admin }, { onCleanup }) => {
    const saved = await json(t.call('PUT', '/api/admin/tenants/default', { token: admin, body: { bankAccounts: [HDFC] } }));
    await confirmPending(t, saved.body.change._id);
    const projector = new ProjectionGroupRunner({ db: t.database.db, store: t.deps.eventStore, projections, batchSize: 500, pollMs: 100, standbyRetryMs: 100 });
    projector.start();
    onCleanup(() => projector.stop());
    // Its checkpoint row made (at its first start): a lock on a row not yet there holds nothing.
    const checkpointRow = () => t.database.pool.query('select 1 from projection_checkpoints where name = $1', [statementLinesProjection.name]);
    await expect.poll(async () => (await checkpointRow()).rowCount, { timeout: 15_000 }).toBe(1);
    return {
      upload: async (text: string) => {
        const form = new FormData();
        form.set('file', new File([text], 'statement.csv'));
        const headers = { authorization: `Bearer ${admin}`, 'idempotency-key': randomUUID() };
        const response = await t.app.request(`/api/admin/bank-accounts/${ACCOUNT}/statements`, { method: 'POST', headers, body: form });
        return { status: response.status, body: (await response.json()) as any };
      },
      lines: async () => (await json(t.call('GET', `/api/admin/bank-accounts/${ACCOUNT}/lines`, { token: admin }))).body.total as number,
      queue: async () => (await json(t.call('GET', '/api/admin/reconciliation/unmatched', { token: admin }))).body.lines as { key: string }[],
      /**
       * `send` while the projector's next batch waits on its checkpoint row, held by another
       * transaction for HOLD_MS: what it answered, and how long it took.
       */
      whileProjectorHeld: async <T>(send: () => Promise<T>) => {
        const holder = await t.database.pool.connect();
        try {
          await holder.query('begin');
          const held = await holder.query('select 1 from projection_checkpoints where name = $1 for update', [statementLinesProjection.name]);
          expect(held.rowCount).toBe(1);
          const released = new Promise((resolve) => setTimeout(resolve, HOLD_MS)).then(() => holder.query('commit'));
          const sent = Date.now();
          const answer = await send();
          const waited = Date.now() - sent;
          await released;
          return { answer, waited };
        } finally {
          holder.release();
        }
      },
    };
  });

describe("the statement lines' screens, right after an admin's command", () => {
  it("show an imported statement's lines once the import is answered, though the projector was held", async ({ desk }) => {
    const before = await desk.lines();
    const { answer, waited } = await desk.whileProjectorHeld(async () => {
      const imported = await desk.upload(
        statement([
          { ref: 'N987654321001', credit: '1,234.00' },
          { ref: 'N987654321002', credit: '2,345.00' },
        ]),
      );
      return { imported, lines: await desk.lines() };
    });
    expect(answer.imported).toMatchObject({ status: 201, body: { statement: { newLineCount: 2 } } });
    expect(answer.lines).toBe(before + 2);
    // It waited for the projector (the hold), not past the bound.
    expect(waited).toBeGreaterThanOrEqual(HOLD_MS - 100);
  });

  it('drop a line marked for refund from the unmatched queue once the mark is answered, though the projector was held', async ({ t, admin, desk }) => {
    expect((await desk.upload(statement([{ ref: 'N987654321098', credit: '3,456.00' }]))).status).toBe(201);
    let line: { key: string } | undefined;
    await expect.poll(async () => (line = (await desk.queue()).find((l: any) => l.amount === '3456.00'))).toBeDefined();
    const { answer, waited } = await desk.whileProjectorHeld(async () => {
      const marked = await json(
        t.call('POST', `/api/admin/bank-accounts/${ACCOUNT}/lines/${line!.key}/refund`, { token: admin, body: { note: 'No order: sender asked for it back' } }),
      );
      return { marked, queue: await desk.queue() };
    });
    expect(answer.marked).toMatchObject({ status: 200, body: { message: 'Marked for refund' } });
    expect(answer.queue.find((l) => l.key === line!.key)).toBeUndefined();
    expect(waited).toBeGreaterThanOrEqual(HOLD_MS - 100);
  });
});
