import { describe, expect, it } from 'vitest';
import { addressKey, displayAddress, sameAddress } from './chain-address';
import { hexToTron, tronToHex } from './tron-address';

/**
 * Published pairs, each checked against its source: the USDT TRC20 contract (Tronscan); Tron's
 * wallet-cli documentation ("encoding convert"); Dune's `from_tron_address` documentation; Tron's
 * zero ("black hole") address.
 */
const VECTORS: [string, string][] = [
  ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c'],
  ['TBhCfAytTEh52WFL6HYr64i2nmc3u3TCUp', '0x12e94f5a3c88b17d2f6e0b9a45cd310f8e7a6d29'],
  ['THHRK1bA7YRPZBcLnTP1SZy9ipUpsRwpo6', '0x503aa4ad108bd3a89ba0310e23b49fb654cd6986'],
  ['T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', '0x0000000000000000000000000000000000000000'],
];

describe('Tron addresses and the hex the JSON-RPC speaks', () => {
  it.each(VECTORS)('%s is %s, both ways', (tron, hex) => {
    expect(tronToHex(tron)).toBe(hex);
    expect(hexToTron(hex)).toBe(tron);
  });

  it("takes Tron's own hex form (41 and 40 hex digits) and mixed case", () => {
    expect(hexToTron('41A614F803B6FD780986A42C78EC9C7F77E6DED13C')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(hexToTron('0x12E94f5a3c88b17d2F6E0b9a45Cd310f8E7a6D29')).toBe('TBhCfAytTEh52WFL6HYr64i2nmc3u3TCUp');
  });

  it('refuses a bad checksum: one character changed is not another account', () => {
    expect(tronToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBeNull();
    expect(tronToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T')).toBeNull();
  });

  it('refuses what is not a Tron address', () => {
    for (const text of [
      '',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6',
      '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t',
      '1BoatSLRHtKNngkdXEeobR76b53LETtpyT',
    ])
      expect(tronToHex(text)).toBeNull();
    for (const text of ['', '0x1234', '42a614f803b6fd780986a42c78ec9c7f77e6ded13c', '0x' + 'z'.repeat(40)]) expect(hexToTron(text)).toBeNull();
  });
});

describe('addresses as the chain check compares and shows them', () => {
  it('compares EVM addresses whatever their case (EIP-55 changes only the case)', () => {
    expect(sameAddress('ERC20', '0xdAC17F958D2ee523a2206206994597C13D831ec7', '0xdac17f958d2ee523a2206206994597c13d831ec7')).toBe(true);
    expect(sameAddress('ERC20', '0xdac17f958d2ee523a2206206994597c13d831ec7', '0xdac17f958d2ee523a2206206994597c13d831ec8')).toBe(false);
  });

  it('compares a Tron address with the hex a log carries, never as case-blind text', () => {
    expect(sameAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', '0xA614F803B6FD780986A42C78EC9C7F77E6DED13C')).toBe(true);
    expect(addressKey('TRC20', 'tr7nhqjekqxgtci8q8zy4pl8otszgjlj6t')).toBeNull();
    expect(addressKey('ERC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBeNull();
  });

  it('never takes two unreadable addresses for the same one', () => {
    expect(sameAddress('ERC20', 'nonsense', 'nonsense')).toBe(false);
  });

  it("shows each network's spelling: EIP-55 on EVM chains, T… on Tron", () => {
    expect(displayAddress('ERC20', '0xdac17f958d2ee523a2206206994597c13d831ec7')).toBe('0xdAC17F958D2ee523a2206206994597C13D831ec7');
    expect(displayAddress('POLYGON', '0x12e94f5a3c88b17d2f6e0b9a45cd310f8e7a6d29')).toBe('0x12E94f5a3c88b17d2F6E0b9a45Cd310f8E7a6D29');
    expect(displayAddress('TRC20', '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(displayAddress('BEP20', 'not an address')).toBe('not an address');
  });
});
