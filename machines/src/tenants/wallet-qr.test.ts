import { describe, expect, it } from 'vitest';
import { QR_UNREADABLE, qrAddressProblem, qrPaymentTarget, qrPaysElsewhere } from './wallet-qr';

const TRON = { network: 'TRC20' as const, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' };
const BSC = { network: 'BEP20' as const, address: '0x52908400098527886E0F7030069857D2E4169EE7' };

describe("a deposit wallet's QR code", () => {
  it('reads the address a bare address or a payment URI pays', () => {
    expect(qrPaymentTarget(' TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t ')).toBe(TRON.address);
    expect(qrPaymentTarget('tron:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t?amount=10')).toBe(TRON.address);
    expect(qrPaymentTarget('ethereum:0x52908400098527886E0F7030069857D2E4169EE7@56?value=1e18')).toBe(BSC.address);
    // A token transfer names the contract first: the recipient is the `address` parameter.
    expect(qrPaymentTarget('ethereum:0x55d398326f99059fF775485246999027B3197955@56/transfer?address=0xATTACKER&uint256=1')).toBe('0xATTACKER');
  });

  it("takes a QR that pays the wallet's own address, EVM addresses in any case", () => {
    expect(qrAddressProblem(TRON.address, TRON)).toBeNull();
    expect(qrAddressProblem(`tron:${TRON.address}`, TRON)).toBeNull();
    expect(qrAddressProblem(BSC.address.toLowerCase(), BSC)).toBeNull();
    expect(qrAddressProblem(`ethereum:0x55d398326f99059fF775485246999027B3197955/transfer?address=${BSC.address}`, BSC)).toBeNull();
  });

  it('refuses a QR that pays anyone else, or none that can be read', () => {
    expect(qrAddressProblem('TAttackerAddress000000000000000000', TRON)).toBe(qrPaysElsewhere('TAttackerAddress000000000000000000', TRON.address));
    // TRON's base58 is case-sensitive: another case is another address.
    expect(qrAddressProblem(TRON.address.toLowerCase(), TRON)).not.toBeNull();
    expect(qrAddressProblem(`ethereum:0x55d398326f99059fF775485246999027B3197955/transfer?address=0xATTACKER`, BSC)).not.toBeNull();
    expect(qrAddressProblem(null, TRON)).toBe(QR_UNREADABLE);
    expect(qrAddressProblem('   ', TRON)).toBe(QR_UNREADABLE);
  });
});
