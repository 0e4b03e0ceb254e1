import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/error-alert';
import { adminApi, adminKeys, type AdminOrder } from '../admin-api';
import { useAdminScope } from '../use-admin-scope';
import { useOrderListParams } from './order-list-params';
import { OrderFilters } from './order-filters';
import { ExportCsvButton } from './export-csv-button';
import { AdminOrdersTable } from './admin-orders-table';
import { AdminPager } from './admin-pager';
import { BulkReject } from './bulk-reject';
import { OrderDetailsPanel } from './order-details-panel';
import { RejectOrderDialog } from './reject-order-dialog';
import { useLivePolling } from '../../../lib/live-updates';

/** New orders show up without a reload: the page asks again this often (paused while the tab is hidden). */
export const ORDERS_REFRESH_MS = 10_000;

export function AdminOrdersPage() {
  const { operator } = useAdminScope();
  const list = useOrderListParams(operator);
  const poll = useLivePolling();
  const orders = useQuery({
    queryKey: adminKeys.orders(list.query),
    queryFn: () => adminApi.orders(list.query),
    refetchInterval: poll(ORDERS_REFRESH_MS),
    // The rows stay while another page or filter loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
  const [viewing, setViewing] = useState<AdminOrder | null>(null);
  const [rejecting, setRejecting] = useState<AdminOrder | null>(null);
  const { type, status, network, tenantId } = list.query;

  return (
    <section className="stack admin-screen">
      <div className="row space-between">
        <h1>Orders Management</h1>
        <ExportCsvButton filters={{ type, status, network, tenantId }} />
      </div>
      <OrderFilters key={JSON.stringify(list.filters)} filters={list.filters} byBrand={operator} onApply={list.applyFilters} onClear={list.clearFilters} />
      {viewing && <OrderDetailsPanel key={viewing._id} listed={viewing} showBrand={operator} onClose={() => setViewing(null)} />}
      {orders.isPending && <p className="muted">Loading orders...</p>}
      <ErrorAlert>{orders.isError && 'Unauthorized or server error'}</ErrorAlert>
      {orders.data && (
        <OrderList
          key={list.listKey}
          items={orders.data.items}
          showBrand={operator}
          onView={setViewing}
          onReject={setRejecting}
          pager={<AdminPager page={list.page} pageSize={list.pageSize} total={orders.data.total} onPage={list.setPage} onPageSize={list.setPageSize} />}
        />
      )}
      {rejecting && <RejectOrderDialog order={rejecting} onClose={() => setRejecting(null)} />}
    </section>
  );
}

interface OrderListProps {
  items: readonly AdminOrder[];
  showBrand: boolean;
  onView: (order: AdminOrder) => void;
  onReject: (order: AdminOrder) => void;
  pager: ReactNode;
}

/** One page of orders with its selection; keyed by the address, so another page or filter starts unselected. */
function OrderList({ items, showBrand, onView, onReject, pager }: OrderListProps) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // A refresh may drop rows (rejected elsewhere, moved out of the filter); only rows on screen count.
  const chosen = items.filter((o) => selected.has(o._id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(chosen.length === items.length ? new Set() : new Set(items.map((o) => o._id)));

  return (
    <div className="card stack">
      <div className="bulk-reject">
        <BulkReject selected={chosen} onDone={() => setSelected(new Set())} />
      </div>
      {items.length === 0 ? (
        <div className="empty">
          <h2>No orders found</h2>
          <p className="muted">Orders will appear here once created</p>
        </div>
      ) : (
        <AdminOrdersTable
          orders={items}
          showBrand={showBrand}
          selected={selected}
          onToggle={toggle}
          onToggleAll={toggleAll}
          onView={onView}
          onReject={onReject}
        />
      )}
      {pager}
    </div>
  );
}
