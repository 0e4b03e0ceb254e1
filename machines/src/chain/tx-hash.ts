/**
 * A transaction hash as typed by a person: 32 bytes of hex, with or without the `0x` that EVM
 * explorers show (Tron's explorer shows none). Anything else is refused before a node is asked.
 */

export type TxHash = `0x${string}`;

const HASH = /^(?:0x)?([0-9a-f]{64})$/i;

/** The hash in the one form the JSON-RPC takes (`0x` and lower case), or null when it is not one. */
export function normalizeTxHash(text: string): TxHash | null {
  const match = HASH.exec(text.trim());
  return match ? `0x${match[1]!.toLowerCase()}` : null;
}
