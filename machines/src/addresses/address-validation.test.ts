import { describe, expect, it } from 'vitest';
import { addressProblem, isEvmAddress, isTronAddress, tronAddressFromBytes } from './address-validation';

// The USDT contract on Tron, and the EIP-55 specification's own examples.
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const EIP55 = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

describe('USDT addresses', () => {
  it('accepts real Tron addresses and verifies their checksum', () => {
    expect(isTronAddress(TRON)).toBe(true);
    expect(isTronAddress(tronAddressFromBytes(new Uint8Array(20).fill(7)))).toBe(true);
    const typo = `${TRON.slice(0, 10)}${TRON[10] === 'a' ? 'b' : 'a'}${TRON.slice(11)}`;
    expect(isTronAddress(typo)).toBe(false);
    expect(isTronAddress(TRON.slice(0, 33))).toBe(false);
  });

  it('accepts EVM addresses, checking EIP-55 when the case is mixed', () => {
    for (const address of EIP55) expect(isEvmAddress(address)).toBe(true);
    expect(isEvmAddress(EIP55[0]!.toLowerCase())).toBe(true);
    expect(isEvmAddress(`0x${EIP55[0]!.slice(2).toUpperCase()}`)).toBe(true);
    const flipped = EIP55[0]!.replace('a', 'A');
    expect(isEvmAddress(flipped)).toBe(false);
    expect(isEvmAddress('0x123')).toBe(false);
  });

  it('refuses an address of another network with a clear warning', () => {
    expect(addressProblem(TRON, 'TRC20')).toBeNull();
    expect(addressProblem(EIP55[1]!, 'BEP20')).toBeNull();
    expect(addressProblem(EIP55[1]!, 'TRC20')).toBe('This is an ERC20/BEP20/POLYGON address (0x…), not a TRC20 one. USDT sent to the wrong network is lost.');
    expect(addressProblem(TRON, 'ERC20')).toBe('This is a TRC20 (Tron) address, not an ERC20 one. USDT sent to the wrong network is lost.');
    expect(addressProblem('   ', 'POLYGON')).toBe('Please enter a valid wallet address');
    expect(addressProblem(EIP55[0]!.replace('a', 'A'), 'POLYGON')).toMatch(/checksum does not match/);
    expect(addressProblem('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', 'TRC20')).toBeNull();
    expect(addressProblem(`${TRON.slice(0, 33)}${TRON[33] === 'u' ? 'v' : 'u'}`, 'TRC20')).toBe(
      'This TRC20 address has a typo: its checksum does not match. Please copy it again.',
    );
    expect(addressProblem('Tshort', 'TRC20')).toBe('A TRC20 address starts with T and has 34 characters.');
    expect(addressProblem('0x12', 'BEP20')).toBe('A BEP20 address is 0x followed by 40 hexadecimal characters.');
    expect(addressProblem('0x12', 'ERC20')).toBe('An ERC20 address is 0x followed by 40 hexadecimal characters.');
  });
});
