import { describe, expect, it } from 'vitest';
import { baseRate, emptyRateHistory } from './base-rate';

const history = () => {
  const h = emptyRateHistory();
  h.global.push({ position: 0, usdtInr: '84' }, { position: 2, usdtInr: '86.5' });
  h.brands.set('zen', [
    { position: 1, usdtInr: '80' },
    { position: 5, usdtInr: null },
  ]);
  return h;
};

describe('the base rate of an order', () => {
  it('is the global USDT/INR rate at the revision the order records', () => {
    expect(baseRate(history(), { tenantId: 'zen', rateSource: { settingsRevision: '1', rateKey: 'usdt_bank_buy', overrideRevision: null } })).toBe('84');
    expect(baseRate(history(), { tenantId: 'zen', rateSource: { settingsRevision: '2', rateKey: 'usdt_bank_buy' } })).toBe('86.5');
  });

  it("is the brand's own override where it had one, and the global rate once the brand dropped it", () => {
    expect(baseRate(history(), { tenantId: 'zen', rateSource: { settingsRevision: '2', rateKey: 'usdt_bank_buy', overrideRevision: '3' } })).toBe('80');
    expect(baseRate(history(), { tenantId: 'zen', rateSource: { settingsRevision: '2', rateKey: 'usdt_bank_buy', overrideRevision: '5' } })).toBe('86.5');
  });

  it('is the default 85 before any change, and where a rate is not above 0 (as the prices fall back)', () => {
    expect(baseRate(history(), { tenantId: 'zen', rateSource: { settingsRevision: 'defaults', rateKey: 'usdtInr' } })).toBe('85');
    const zero = emptyRateHistory();
    zero.global.push({ position: 0, usdtInr: '0' });
    expect(baseRate(zero, { tenantId: 'zen', rateSource: { settingsRevision: '0', rateKey: 'usdtInr' } })).toBe('85');
  });
});
