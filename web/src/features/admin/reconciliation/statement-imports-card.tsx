import { useQuery } from '@tanstack/react-query';
import { DataTable } from '../../../components/data-table';
import { Loaded } from '../../../components/loaded';
import { formatDateTime } from '../../../lib/format-date-time';
import { useMe } from '../../../lib/session';
import { formatName, formatPeriod } from './reconciliation-format';
import { reconciliationApi, reconciliationKeys, type StatementImport } from './reconciliation-api';

/**
 * Who imported a statement, as far as the reader may know: themselves, the operator (a brand's
 * admin is not told which of the operator's staff: decision 0014), or another admin.
 */
function importer(importedBy: string | null, me: string | undefined): string {
  if (importedBy === null) return 'The operator';
  return importedBy === me ? 'You' : 'Another admin';
}

/** The account's imports, newest first: when, who, which file, its format and period, how many of its lines were new. */
export function StatementImportsCard({ accountId }: { accountId: string }) {
  const imports = useQuery({ queryKey: reconciliationKeys.statements(accountId), queryFn: () => reconciliationApi.statements(accountId) });
  const me = useMe().data?._id;
  return (
    <section className="card" aria-labelledby="imports-heading">
      <h2 id="imports-heading">Imports</h2>
      <Loaded query={imports} loading="Loading imports..." failed="Failed to load the imports">
        {(list) => (
          <DataTable<StatementImport>
            className="admin-table"
            rows={list}
            rowKey={(row) => row._id}
            empty={<p className="admin-empty">No statement imported yet.</p>}
            columns={[
              { header: 'Imported', className: 'nowrap', cell: (row) => formatDateTime(row.importedAt) },
              { header: 'By', className: 'nowrap', cell: (row) => importer(row.importedBy, me) },
              { header: 'File', className: 'wrap file-name', cell: (row) => row.fileName },
              { header: 'Format', className: 'nowrap', cell: (row) => formatName(row.format) },
              { header: 'Period', className: 'nowrap', cell: (row) => formatPeriod(row.from, row.to) },
              { header: 'New lines', className: 'nowrap num', cell: (row) => row.newLineCount.toLocaleString('en-IN') },
              { header: 'Already held', className: 'nowrap num', cell: (row) => (row.lineCount - row.newLineCount).toLocaleString('en-IN') },
            ]}
          />
        )}
      </Loaded>
    </section>
  );
}
