import { useQuery } from '@tanstack/react-query';
import { complianceApi, complianceKeys, type Brand } from '../compliance-api';

const NO_BRANDS: readonly Brand[] = [];

/**
 * The brands the officer reads, by name (GET /api/compliance/brands), for the Brand filters and
 * columns: officers pick and read a brand by its name, never its id. Empty until loaded.
 */
export function useBrands(enabled = true) {
  const brands = useQuery({ queryKey: complianceKeys.brands, queryFn: complianceApi.brands, enabled, staleTime: 5 * 60_000 });
  const list = brands.data?.brands ?? NO_BRANDS;
  const names = new Map(list.map((b) => [b._id, b.name]));
  /** A brand's name; its id until the list has loaded (or for a brand since deleted). */
  const nameOf = (tenantId: string | null | undefined) => (tenantId ? (names.get(tenantId) ?? tenantId) : '-');
  return { list, nameOf };
}
