/**
 * Addresses as the chain check compares and shows them. Compared by their 20 bytes: EVM addresses
 * case-insensitively (an EIP-55 checksum changes only the case), Tron's `T…` through its hex (base58
 * is case-sensitive, so a Tron address is never compared as text). Shown as each network's people
 * write them: EIP-55 mixed case on ERC20/BEP20/POLYGON, `T…` on TRC20.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { Network } from '../addresses/networks';
import { hexToTron, tronToHex } from './tron-address';

const EVM_HEX = /^0x[0-9a-fA-F]{40}$/;

/** The address's 20 bytes as `0x` and lower-case hex (the key two spellings share), or null when unreadable on `network`. */
export function addressKey(network: Network, address: string): string | null {
  const text = address.trim();
  if (EVM_HEX.test(text)) return text.toLowerCase();
  if (network === 'TRC20') return tronToHex(text);
  return null;
}

export function sameAddress(network: Network, a: string, b: string): boolean {
  const key = addressKey(network, a);
  return key !== null && key === addressKey(network, b);
}

/** The address as the network's explorer and wallets show it; the text itself when unreadable. */
export function displayAddress(network: Network, address: string): string {
  const key = addressKey(network, address);
  if (key === null) return address;
  return network === 'TRC20' ? hexToTron(key)! : checksummed(key);
}

/** EIP-55: a hex digit is upper case when the matching nibble of keccak-256(lower-case hex) is 8 or more. */
function checksummed(lowerHex: string): string {
  const hex = lowerHex.slice(2);
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < hex.length; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  }
  return out;
}
