import { useQueries, useQuery } from '@tanstack/react-query';
import { reconciliationApi, reconciliationKeys, type StatementImport } from './reconciliation-api';

/** The brands' bank accounts in the admin's scope (an operator admin's: every brand's). */
export const useBankAccounts = () => useQuery({ queryKey: reconciliationKeys.accounts, queryFn: reconciliationApi.accounts });

/** What an account's imports say of it: the latest statement's period, and how many lines it holds (each import's new ones). */
export interface AccountSummary {
  latest: StatementImport | null;
  linesHeld: number;
}

const summaryOf = (imports: readonly StatementImport[]): AccountSummary => ({
  latest: imports.reduce<StatementImport | null>((latest, row) => (latest === null || row.to > latest.to ? row : latest), null),
  linesHeld: imports.reduce((sum, row) => sum + row.newLineCount, 0),
});

/**
 * Each account's summary, from its imports (one read per account: a brand has a handful). Undefined
 * while an account's imports load, null when they failed.
 */
export function useAccountSummaries(accountIds: readonly string[]): Map<string, AccountSummary | null | undefined> {
  const results = useQueries({
    queries: accountIds.map((id) => ({ queryKey: reconciliationKeys.statements(id), queryFn: () => reconciliationApi.statements(id) })),
  });
  return new Map(accountIds.map((id, i) => [id, results[i]?.data ? summaryOf(results[i].data) : results[i]?.isError ? null : undefined]));
}
