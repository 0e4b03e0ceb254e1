/**
 * The reconciliation bench measures the product only if its statement is one the product reads as
 * planned: every file read whole by the import's own reader, each line's amount and direction as
 * planned, each narration giving the planned reference and payer to the narration rules, and each
 * order's typed reference the same payment as its line's. A change to the readers or the rules
 * that the bench's statement no longer fits fails here, not as a silently cheaper benchmark.
 */
import { describe, expect, it } from 'vitest';
import { readStatementFile } from '../../services/src/reconciliation/statement-file';
import { MAX_STATEMENT_BYTES } from '../../services/src/reconciliation/statements/statement-limits';
import { readNarration } from '../../machines/src/reconciliation/narration';
import { sameReference } from '../../machines/src/reconciliation/reference-match';
import { indianAmount, statementFiles } from './reconciliation-statement';
import { expectedOutcome, planWorld } from './reconciliation-world';

const FIRST_DAY = '2026-08-01';
const titleCase = (name: string) => name.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());

describe("the reconciliation bench's statement", () => {
  const world = planWorld({ lines: 3_000, orders: 6_000, firstDay: FIRST_DAY });
  const files = statementFiles(world, FIRST_DAY);

  it('writes amounts in Indian digit grouping', () => {
    expect(indianAmount(12_345_678_90)).toBe('1,23,45,678.90');
    expect(indianAmount(100_000_00)).toBe('1,00,000.00');
    expect(indianAmount(590)).toBe('5.90');
    expect(indianAmount(-1_000_00)).toBe('-1,000.00');
  });

  it('plans the shares of the issue: 60 % paying an order, 5 % of another amount, 10 % unknown, the rest debits and charges', () => {
    const kinds = (kind: string) => world.lines.filter((line) => line.kind === kind).length;
    expect([kinds('buy_paid'), kinds('sell_payout'), kinds('buy_other_amount'), kinds('unknown_credit')]).toEqual([1_500, 300, 150, 300]);
    expect(expectedOutcome(world)).toMatchObject({ matched: 1_950, amountDiffers: 150, unmatched: 1_050 });
    expect(world.orders).toHaveLength(6_000);
  });

  it('is read whole by the import’s reader, line for line as planned', async () => {
    const read = [];
    for (const file of files) {
      const { statement } = await readStatementFile({ fileName: file.fileName, bytes: file.bytes, mapping: null }, null);
      expect(statement).toMatchObject({ format: 'csv', accountNumber: '50100012345678' });
      read.push(...statement.lines);
    }
    expect(read.map((line) => [line.direction, line.amount])).toEqual(world.lines.map((line) => [line.direction, (line.paise / 100).toFixed(2)]));
  });

  it('carries in each narration the reference and payer the narration rules read, and each order’s typed reference is its line’s', async () => {
    const { statement } = await readStatementFile({ fileName: files[0]!.fileName, bytes: files[0]!.bytes, mapping: null }, null);
    const planned = world.lines.slice(0, statement.lines.length);
    statement.lines.forEach((line, i) => {
      const plan = planned[i]!;
      const reading = readNarration(line.narration, line.direction);
      expect(reading.reversal).toBe(false);
      if (plan.channel === null) return expect(reading.reference).toBeNull();
      expect(reading.reference).toBe(plan.reference);
      expect(reading.payerName).toBe(titleCase(plan.party!));
      if (plan.order !== null) expect(sameReference(world.orders[plan.order]!.typedReference!, reading.reference!)).toBe(true);
    });
  });

  it('fits the desk’s upload limit at the issue’s size: 100,000 lines in three monthly files', () => {
    const full = statementFiles(planWorld({ lines: 100_000, orders: 200_000, firstDay: FIRST_DAY }), FIRST_DAY);
    expect(full.map((file) => file.lines)).toEqual([33_334, 33_333, 33_333]);
    for (const file of full) expect(file.bytes.byteLength).toBeLessThanOrEqual(MAX_STATEMENT_BYTES);
  });
});
