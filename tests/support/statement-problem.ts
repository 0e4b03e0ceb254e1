import { StatementProblem } from '@desk/machines/reconciliation/statement';

/** The problem a statement read throws: fails the test when it throws none, or something else. */
export function problemOf(read: () => unknown): StatementProblem {
  try {
    read();
  } catch (error) {
    if (error instanceof StatementProblem) return error;
    throw error;
  }
  throw new Error('expected a StatementProblem: the statement was read');
}
