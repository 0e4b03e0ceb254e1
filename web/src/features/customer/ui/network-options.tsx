import { NETWORKS } from '@desk/machines/addresses/networks';

/** The networks a USDT address may be on, as a select's options (machines/addresses lists them). */
export function NetworkOptions() {
  return NETWORKS.map((n) => (
    <option key={n} value={n}>
      {n}
    </option>
  ));
}
