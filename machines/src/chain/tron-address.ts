/**
 * Tron addresses between the base58check form people and Tron's explorer use (`T…`, 34 characters)
 * and the 20-byte hex Tron's Ethereum-compatible JSON-RPC speaks (`0x…`, 40 hex digits). A Tron
 * address is the byte 0x41 and the same 20-byte account id an EVM address is, base58check-encoded
 * (a 4-byte double-SHA-256 checksum), so the conversion is exact both ways. A bad checksum, another
 * prefix or another length is refused (null): a typo must never become some other account.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';

const base58check = createBase58check(sha256);
const TRON_PREFIX = 0x41;
const TRON_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
/** `0x` and 40 hex digits (the JSON-RPC's form), or Tron's own hex form: `41` and 40 hex digits. */
const HEX_SHAPE = /^(?:0x|41)([0-9a-fA-F]{40})$/;

/** `TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t` is `0xa614f803b6fd780986a42c78ec9c7f77e6ded13c`; null if not a valid Tron address. */
export function tronToHex(address: string): `0x${string}` | null {
  const text = address.trim();
  if (!TRON_SHAPE.test(text)) return null;
  let payload: Uint8Array;
  try {
    payload = base58check.decode(text);
  } catch {
    return null; // the checksum does not match
  }
  if (payload.length !== 21 || payload[0] !== TRON_PREFIX) return null;
  return `0x${bytesToHex(payload.subarray(1))}`;
}

/** `0xa614…d13c` (or Tron's `41a614…d13c`) is `TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t`; null if not 20 bytes of hex. */
export function hexToTron(hex: string): string | null {
  const match = HEX_SHAPE.exec(hex.trim());
  if (!match) return null;
  return base58check.encode(Uint8Array.from([TRON_PREFIX, ...hexToBytes(match[1]!.toLowerCase())]));
}
