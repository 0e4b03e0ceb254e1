/**
 * Read your writes for a line marked for refund (decision 0066): the unmatched queue is read from
 * the statement lines' read model, and nothing live refreshes it for a line that pays no order, so
 * the answer waits until that read model shows the mark. The projector runs in the background here,
 * as in production, and is held at its batch's checkpoint for a moment (a row lock): a read right
 * after the answer must not list the line (it did whenever the projector was slower than the
 * screen's refresh: the reconciliation browser test's intermittent failure under load).
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
const STATEMENT = [
  'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
  '25/11/26,"NEFT CR-KKBK0001234-UNKNOWN TRADERS-N987654321098",N987654321098,25/11/26,,"1,234.00","1,00,000.00"',
  '',
].join('\r\n');
const HOLD_MS = 600;

const it = appTestWith({ READ_MODEL_WAIT_MS: 10_000 });

describe('a line marked for refund', () => {
  it('is answered once the queue no longer lists it, though the projector was held', async ({ t, admin }) => {
    const saved = await json(t.call('PUT', '/api/admin/tenants/default', { token: admin, body: { bankAccounts: [HDFC] } }));
    await confirmPending(t, saved.body.change._id);
    const account = bankAccountId('default', HDFC);
    const form = new FormData();
    form.set('file', new File([STATEMENT], 'statement.csv'));
    const headers = { authorization: `Bearer ${admin}`, 'idempotency-key': randomUUID() };
    expect((await t.app.request(`/api/admin/bank-accounts/${account}/statements`, { method: 'POST', headers, body: form })).status).toBe(201);
    const projector = new ProjectionGroupRunner({ db: t.database.db, store: t.deps.eventStore, projections, batchSize: 500, pollMs: 100, standbyRetryMs: 100 });
    projector.start();
    try {
      const queue = async () => (await json(t.call('GET', '/api/admin/reconciliation/unmatched', { token: admin }))).body.lines as { key: string }[];
      let lines: { key: string }[] = [];
      await expect.poll(async () => (lines = await queue()).length, { timeout: 15_000 }).toBe(1);

      // The projector's next batch waits on its checkpoint row while another transaction holds it.
      const holder = await t.database.pool.connect();
      try {
        await holder.query('begin');
        await holder.query('select 1 from projection_checkpoints where name = $1 for update', [statementLinesProjection.name]);
        const released = new Promise((resolve) => setTimeout(resolve, HOLD_MS)).then(() => holder.query('commit'));
        const sent = Date.now();
        const marked = await json(
          t.call('POST', `/api/admin/bank-accounts/${account}/lines/${lines[0]!.key}/refund`, {
            token: admin,
            body: { note: 'No order: sender asked for it back' },
          }),
        );
        const waited = Date.now() - sent;
        expect(marked).toMatchObject({ status: 200, body: { message: 'Marked for refund' } });
        // The queue as the screen reads it right after the answer.
        expect(await queue()).toEqual([]);
        // It waited for the projector (the hold), not past the bound.
        expect(waited).toBeGreaterThanOrEqual(HOLD_MS - 100);
        await released;
      } finally {
        holder.release();
      }
    } finally {
      await projector.stop();
    }
  });
});
