import { selectFeePercent, selectRate, type Side } from '@desk/machines/pricing/pricing';
import { usePublicConfig } from '../../../lib/public-config';
import type { Method } from '../customer-api';

/**
 * The rate and fee percent a trading form previews and sends, for its side and the chosen method:
 * the tenant's (null until its configuration has come), the rate as `rateFor` gives it (one the
 * server asked the customer to confirm replaces the configured one).
 */
export function useTradeTerms(side: Side, method: Method, rateFor: (method: Method, configured: string) => string) {
  const { data } = usePublicConfig();
  return {
    rate: data ? rateFor(method, selectRate(data.rates, side, method).rate) : null,
    feePercent: data ? selectFeePercent(data.fees, side) : null,
  };
}
