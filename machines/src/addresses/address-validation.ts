/**
 * USDT receiving addresses, checked per network before an order or a saved wallet can use them:
 * USDT sent to an address on another network is lost. Shared by the server and the screens.
 *
 * - TRC20 (Tron): base58check, 34 characters starting with T; the 21-byte payload starts with 0x41
 *   and the 4-byte double-SHA-256 checksum must match.
 * - ERC20, BEP20, POLYGON (EVM chains): 0x and 40 hex digits; a mixed-case address carries an
 *   EIP-55 checksum (keccak-256 of the lower-case hex) that must match. One address format serves
 *   all three chains, so the network cannot be told from the address: the customer picks it.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { createBase58check } from '@scure/base';

import type { Network } from './networks';

const base58check = createBase58check(sha256);
const TRON_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const EVM_SHAPE = /^0x[0-9a-fA-F]{40}$/;

export function isTronAddress(address: string): boolean {
  if (!TRON_SHAPE.test(address)) return false;
  try {
    const payload = base58check.decode(address);
    return payload.length === 21 && payload[0] === 0x41;
  } catch {
    return false;
  }
}

export function isEvmAddress(address: string): boolean {
  if (!EVM_SHAPE.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = keccak_256(new TextEncoder().encode(hex.toLowerCase()));
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    const char = hex[i]!;
    if (/[a-f]/i.test(char) && (nibble >= 8 ? char !== char.toUpperCase() : char !== char.toLowerCase())) return false;
  }
  return true;
}

// "an ERC20", but "a BEP20" and "a POLYGON".
const withArticle = (network: Network) => `${network.startsWith('E') ? 'an' : 'a'} ${network}`;

/** null when the address can receive USDT on `network`; otherwise the reason, for the customer. */
export function addressProblem(address: string, network: Network): string | null {
  const trimmed = address.trim();
  if (trimmed === '') return 'Please enter a valid wallet address';
  if (network === 'TRC20') {
    if (isTronAddress(trimmed)) return null;
    if (EVM_SHAPE.test(trimmed)) return 'This is an ERC20/BEP20/POLYGON address (0x…), not a TRC20 one. USDT sent to the wrong network is lost.';
    if (TRON_SHAPE.test(trimmed)) return 'This TRC20 address has a typo: its checksum does not match. Please copy it again.';
    return 'A TRC20 address starts with T and has 34 characters.';
  }
  if (isEvmAddress(trimmed)) return null;
  if (TRON_SHAPE.test(trimmed)) return `This is a TRC20 (Tron) address, not ${withArticle(network)} one. USDT sent to the wrong network is lost.`;
  if (EVM_SHAPE.test(trimmed)) return `This ${network} address has a typo: its checksum does not match. Please copy it again.`;
  return `${withArticle(network).replace(/^a/, 'A')} address is 0x followed by 40 hexadecimal characters.`;
}

/** Encodes a 20-byte account id as a Tron address (0x41 prefix); used to make valid test addresses. */
export function tronAddressFromBytes(accountId: Uint8Array): string {
  if (accountId.length !== 20) throw new RangeError('A Tron account id has 20 bytes');
  return base58check.encode(Uint8Array.from([0x41, ...accountId]));
}
