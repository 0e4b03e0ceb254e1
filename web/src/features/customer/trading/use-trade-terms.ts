import { selectFeePercent, selectRate, type Side } from '@desk/machines/pricing/pricing';
import { usePublicConfig } from '../../../lib/public-config';
import type { Method } from '../customer-api';

/**
 * The rate and fee percent a trading form previews and sends, for its side and the chosen method:
 * the tenant's (null until its configuration has come), the rate as `rateFor` gives it (one the
 * server asked the customer to confirm replaces the configured one), and 'Failed to load data' when
 * the configuration could not be loaded.
 */
export function useTradeTerms(side: Side, method: Method, rateFor: (method: Method, configured: string) => string) {
  const { data, isError } = usePublicConfig();
  return {
    /** Without the configuration there is no rate to quote or place with (seed-spec section 8). */
    loadError: isError && !data ? 'Failed to load data' : null,
    rate: data ? rateFor(method, selectRate(data.rates, side, method).rate) : null,
    feePercent: data ? selectFeePercent(data.fees, side) : null,
  };
}
