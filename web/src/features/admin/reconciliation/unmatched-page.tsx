import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Loaded } from '../../../components/loaded';
import { PageHead } from '../ui/page-head';
import { tenantApi } from '../tenants/tenant-api';
import { tenantKeys } from '../tenants/tenant-queries';
import { AssignLineDialog } from './assign-line-dialog';
import { QueueFilterFields, useQueueFilters } from './queue-filters';
import { reconciliationApi, reconciliationKeys, type UnmatchedLine } from './reconciliation-api';
import { ReconciliationNav } from './reconciliation-nav';
import { RefundLineDialog } from './refund-line-dialog';
import { UnmatchedTable } from './unmatched-table';
import '../admin-forms.css';
import './reconciliation.css';

/**
 * The unmatched queue: statement lines of the brands in scope that pay no order and are not marked
 * for refund. Each is assigned to an order or marked for refund by an admin, with a confirm step,
 * and recorded with who.
 */
export function UnmatchedPage() {
  const filters = useQueueFilters();
  const lines = useQuery({ queryKey: reconciliationKeys.unmatched(filters.query), queryFn: () => reconciliationApi.unmatched(filters.query) });
  // The brands' names, for the operator's Brand column (a brand admin's queue is their brand's: no column, no call).
  const brands = useQuery({ queryKey: tenantKeys.all, queryFn: tenantApi.list, enabled: filters.operator });
  const brandNames = filters.operator ? new Map((brands.data?.tenants ?? []).map((brand) => [brand._id, brand.name])) : null;
  const [assigning, setAssigning] = useState<UnmatchedLine | null>(null);
  const [refunding, setRefunding] = useState<UnmatchedLine | null>(null);
  return (
    <div className="admin-page">
      <PageHead title="Unmatched money" note="Statement lines that pay no order yet: assign each to its order, or mark it for refund." />
      <ReconciliationNav />
      <div className="row queue-filters">
        <QueueFilterFields filters={filters} withDirection />
      </div>
      <section className="card" aria-label="Unmatched lines">
        <Loaded query={lines} loading="Loading unmatched lines..." failed="Failed to load the unmatched lines">
          {(list) => <UnmatchedTable lines={list} brandNames={brandNames} onAssign={setAssigning} onRefund={setRefunding} />}
        </Loaded>
      </section>
      {assigning && <AssignLineDialog line={assigning} onClose={() => setAssigning(null)} />}
      {refunding && <RefundLineDialog line={refunding} onClose={() => setRefunding(null)} />}
    </div>
  );
}
