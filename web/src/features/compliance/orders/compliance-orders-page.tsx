import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Pager } from '../../../components/pager';
import { complianceApi, complianceKeys } from '../compliance-api';
import { formatInstant } from '../ui/as-of';
import { Failure } from '../ui/failure';
import { PageTitle } from '../ui/page-title';
import { useReadsEveryBrand } from '../ui/use-scope';
import { useBrands } from '../ui/use-brands';
import { useOrderSearchParams, PAGE_SIZES } from './order-search-params';
import { OrderSearchForm } from './order-search-form';
import { ComplianceOrdersTable } from './compliance-orders-table';

/** `/compliance`: search every order in scope, now or as the order book stood at an instant. */
export function ComplianceOrdersPage() {
  const byBrand = useReadsEveryBrand();
  const list = useOrderSearchParams(byBrand);
  const orders = useQuery({
    queryKey: complianceKeys.orders(list.query),
    queryFn: () => complianceApi.orders(list.query),
    placeholderData: keepPreviousData,
  });
  const brands = useBrands(byBrand);

  return (
    <section className="stack compliance-screen">
      <PageTitle title="Orders" note="Every order in your scope, as it stands now or as it stood at any instant." />
      <OrderSearchForm
        key={JSON.stringify(list.filters)}
        filters={list.filters}
        brands={byBrand ? brands.list : null}
        onApply={list.apply}
        onClear={list.clear}
      />
      {list.filters.asOf && (
        <p className="as-of-banner" role="status">
          Order book as of <time dateTime={list.filters.asOf}>{formatInstant(list.filters.asOf)}</time>
        </p>
      )}
      {orders.isPending && <p className="muted">Loading orders...</p>}
      <Failure error={orders.error} fallback="Failed to load orders" />
      {orders.data && (
        <div className="card stack">
          <ComplianceOrdersTable orders={orders.data.orders} showBrand={byBrand} />
          <Pager
            page={list.page}
            size={list.limit}
            total={orders.data.total}
            label="orders"
            sizes={PAGE_SIZES}
            sizeLabel="Page size"
            onPage={list.setPage}
            onSize={list.setLimit}
          />
        </div>
      )}
    </section>
  );
}
