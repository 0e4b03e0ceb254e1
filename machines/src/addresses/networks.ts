/** The USDT networks the desk sends and receives on (seed-spec section 9): TRC20 first, the default. */
export const NETWORKS = ['TRC20', 'ERC20', 'BEP20', 'POLYGON'] as const;

export type Network = (typeof NETWORKS)[number];

export function isNetwork(value: string): value is Network {
  return (NETWORKS as readonly string[]).includes(value);
}
