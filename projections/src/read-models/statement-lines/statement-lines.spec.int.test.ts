import { describe } from 'vitest';
import { ACCOUNT, BRAND, BUY, STATEMENT, lineRecorded, matched, orderEvent } from '@desk/machines/ledger/ledger.fixtures';
import { readModelTest as it } from '../../testing/read-model-test';
import { readModelSpec } from '../../testing/read-model-spec';
import { statementLinesProjection } from './statement-lines.projection';

const spec = readModelSpec(statementLinesProjection);
/** Shaped like an SBI export (the narration reader's tests). */
const NARRATION = 'BY TRANSFER-UPI/CR/412345678901/RAVI KUMAR/HDFC/ravi@okhdfcbank/PAYMENT--';
const markedForRefund = (key: string) => ({
  streamId: `bankaccount-${ACCOUNT}`,
  type: 'StatementLineMarkedForRefund',
  data: { key, note: 'Not ours: sent back', markedBy: 'admin-1', markedAt: '2026-11-21T06:00:00.000Z' },
  tenantId: BRAND,
});

describe('statement-lines read model', () => {
  it('keeps each line recorded with its narration read (channel, reference, payer) and the keys it is looked up by', async ({ readModels }) => {
    const then = await spec(readModels)
      .given()
      .when(
        lineRecorded('line-buy', { narration: NARRATION }),
        lineRecorded('line-refund', { amount: '120.00', narration: 'NEFT-N123456789012-ACME TRADERS' }),
      );
    await then.thenRows('rm_statement_lines', [
      {
        account_id: ACCOUNT,
        key: 'line-buy',
        tenant_id: BRAND,
        statement_id: STATEMENT,
        direction: 'credit',
        amount: '8500.00',
        narration: NARRATION,
        channel: 'UPI',
        reference: '412345678901',
        payer_name: 'Ravi Kumar',
        reversal: false,
        position: '0',
        reference_keys: ['412345678901'],
      },
      { key: 'line-refund', amount: '120.00', position: '1' },
    ]);
  });

  it("records what became of a line: the order its PaymentMatched paid, or the account's mark for refund", async ({ readModels }) => {
    const then = await spec(readModels)
      .given(lineRecorded('line-buy'), lineRecorded('line-refund', { amount: '120.00' }))
      .when(orderEvent(BUY, matched({ flags: ['amount_differs'], note: 'Checked by phone', matchedBy: 'admin-2' })), markedForRefund('line-refund'));
    await then.thenRows('rm_statement_line_outcomes', [
      {
        account_id: ACCOUNT,
        key: 'line-buy',
        kind: 'matched',
        order_id: BUY,
        order_tenant_id: BRAND,
        via: 'reference',
        flags: ['amount_differs'],
        note: 'Checked by phone',
        decided_by: 'admin-2',
        decided_at: new Date('2026-11-21T05:01:00.000Z'),
      },
      { key: 'line-refund', kind: 'refund', order_id: null, via: null, flags: [], note: 'Not ours: sent back', decided_by: 'admin-1' },
    ]);
  });
});
