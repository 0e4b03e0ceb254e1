/**
 * The chain check's rule: given what a node shows about a transaction, when it is judged against
 * what the order expects, then one state.
 */
import { describe, expect, it } from 'vitest';
import { BEFORE_ORDER_GRACE_MS, transferVerdict, type ChainObservation, type TokenRules, type TokenTransfer } from './transfer-verdict';

const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const DEPOSIT = '0x12E94f5a3c88b17d2F6E0b9a45Cd310f8E7a6D29';
const OTHER = '0x503aa4ad108bd3a89ba0310e23b49fb654cd6986';
const FAKE_USDT = '0x00000000000000000000000000000000000f4e11';
const CUSTOMER = '0x0000000000000000000000000000000000000c05';
const ERC20: TokenRules = { network: 'ERC20', usdtContract: USDT, decimals: 6, confirmations: 12 };
const PLACED = '2026-11-27T10:00:00.000Z';
const expected = { to: DEPOSIT, amount: '100.50', notBefore: PLACED };

const usdtTo = (to: string, value: bigint, token = USDT): TokenTransfer => ({ token, from: CUSTOMER, to, value });

/** Given a successful transaction in block 1000, the head at `head`, mined a minute after the order. */
function mined(transfers: TokenTransfer[], options: { head?: bigint; succeeded?: boolean; minedAt?: string; nativeValue?: bigint } = {}): ChainObservation {
  return {
    kind: 'mined',
    succeeded: options.succeeded ?? true,
    blockNumber: 1000n,
    headBlock: options.head ?? 1011n,
    minedAt: options.minedAt ?? '2026-11-27T10:01:00.000Z',
    transfers,
    nativeValue: options.nativeValue ?? 0n,
  };
}

describe('judging a USDT transfer against the order', () => {
  it('given a node that knows no such transaction, then not found', () => {
    expect(transferVerdict({ kind: 'unknown' }, ERC20, expected)).toEqual({ state: 'not_found' });
  });

  it('given a transaction not yet in a block, then pending', () => {
    expect(transferVerdict({ kind: 'pending' }, ERC20, expected)).toEqual({ state: 'pending' });
  });

  it('given a transaction that failed in its block, then reverted, whatever it tried to move', () => {
    expect(transferVerdict(mined([], { succeeded: false }), ERC20, expected)).toEqual({ state: 'reverted', blockNumber: 1000 });
  });

  it('given the right transfer with the confirmations required (block and head count: 1011 - 1000 + 1 = 12), then confirmed', () => {
    expect(transferVerdict(mined([usdtTo(DEPOSIT, 100_500_000n)]), ERC20, expected)).toEqual({
      state: 'confirmed',
      amount: '100.50',
      confirmations: 12,
      required: 12,
      blockNumber: 1000,
      minedAt: '2026-11-27T10:01:00.000Z',
    });
  });

  it('given the right transfer one confirmation short, then confirming with the count', () => {
    expect(transferVerdict(mined([usdtTo(DEPOSIT, 100_500_000n)], { head: 1010n }), ERC20, expected)).toMatchObject({
      state: 'confirming',
      confirmations: 11,
      required: 12,
    });
  });

  it('given a head behind the block (another node behind a load balancer), then confirming with none', () => {
    expect(transferVerdict(mined([usdtTo(DEPOSIT, 100_500_000n)], { head: 990n }), ERC20, expected)).toMatchObject({ state: 'confirming', confirmations: 0 });
  });

  it('compares the address whatever its case: the expected one checksummed, the log lower case', () => {
    const verdict = transferVerdict(mined([usdtTo(DEPOSIT.toLowerCase(), 100_500_000n, USDT.toLowerCase())]), ERC20, {
      ...expected,
      to: DEPOSIT.toUpperCase().replace('0X', '0x'),
    });
    expect(verdict.state).toBe('confirmed');
  });

  it('given another token called anything (a fake USDT), then wrong token, naming the contract', () => {
    expect(transferVerdict(mined([usdtTo(DEPOSIT, 100_500_000n, FAKE_USDT)]), ERC20, expected)).toEqual({
      state: 'wrong_token',
      tokens: ['0x00000000000000000000000000000000000F4E11'],
      movedNativeCoin: false,
    });
  });

  it('given a transaction that sent the native coin and no token, then wrong token saying so', () => {
    expect(transferVerdict(mined([], { nativeValue: 10n ** 18n }), ERC20, expected)).toEqual({ state: 'wrong_token', tokens: [], movedNativeCoin: true });
  });

  it('given USDT to another address, then wrong address with where it went and how much', () => {
    expect(transferVerdict(mined([usdtTo(OTHER, 100_500_000n)]), ERC20, expected)).toEqual({
      state: 'wrong_address',
      expectedTo: DEPOSIT,
      transfers: [{ to: '0x503aA4aD108bd3A89ba0310E23B49fb654Cd6986', amount: '100.50' }],
    });
  });

  it('given USDT of another amount to the address, then wrong amount naming both', () => {
    expect(transferVerdict(mined([usdtTo(DEPOSIT, 100_490_000n)]), ERC20, expected)).toEqual({
      state: 'wrong_amount',
      to: DEPOSIT,
      expectedAmount: '100.50',
      paidAmount: '100.49',
      transferCount: 1,
    });
  });

  it('counts one base unit short as wrong (no rounding to the order two decimals)', () => {
    expect(transferVerdict(mined([usdtTo(DEPOSIT, 100_499_999n)]), ERC20, expected)).toMatchObject({ state: 'wrong_amount', paidAmount: '100.499999' });
  });

  it('given several USDT transfers to the address in one transaction, then their sum counts', () => {
    const batch = [usdtTo(DEPOSIT, 60_000_000n), usdtTo(OTHER, 5_000_000n), usdtTo(DEPOSIT, 40_500_000n)];
    expect(transferVerdict(mined(batch), ERC20, expected)).toMatchObject({ state: 'confirmed', amount: '100.50' });
    expect(transferVerdict(mined(batch.slice(0, 2)), ERC20, expected)).toMatchObject({ state: 'wrong_amount', paidAmount: '60.00', transferCount: 1 });
    expect(transferVerdict(mined([...batch, usdtTo(DEPOSIT, 1n)]), ERC20, expected)).toMatchObject({
      state: 'wrong_amount',
      paidAmount: '100.500001',
      transferCount: 3,
    });
  });

  it('ignores other tokens moved beside the USDT', () => {
    expect(transferVerdict(mined([usdtTo(DEPOSIT, 999n, FAKE_USDT), usdtTo(DEPOSIT, 100_500_000n)]), ERC20, expected)).toMatchObject({ state: 'confirmed' });
  });

  it('given the right transfer mined before the order was placed (past the grace for clocks), then before order', () => {
    const early = new Date(Date.parse(PLACED) - BEFORE_ORDER_GRACE_MS - 1000).toISOString();
    expect(transferVerdict(mined([usdtTo(DEPOSIT, 100_500_000n)], { minedAt: early }), ERC20, expected)).toEqual({
      state: 'before_order',
      minedAt: early,
      notBefore: PLACED,
      amount: '100.50',
    });
    const withinGrace = new Date(Date.parse(PLACED) - BEFORE_ORDER_GRACE_MS + 1000).toISOString();
    expect(transferVerdict(mined([usdtTo(DEPOSIT, 100_500_000n)], { minedAt: withinGrace }), ERC20, expected).state).toBe('confirmed');
    expect(transferVerdict(mined([usdtTo(DEPOSIT, 100_500_000n)], { minedAt: early }), ERC20, { ...expected, notBefore: null }).state).toBe('confirmed');
  });

  it('reports a wrong address before confirmations: waiting will not change it', () => {
    expect(transferVerdict(mined([usdtTo(OTHER, 100_500_000n)], { head: 1000n }), ERC20, expected).state).toBe('wrong_address');
  });

  it('reads 18-decimal USDT (BNB Smart Chain) from its configuration', () => {
    const bep20: TokenRules = { network: 'BEP20', usdtContract: USDT, decimals: 18, confirmations: 15 };
    const verdict = transferVerdict(mined([usdtTo(DEPOSIT, 100_500_000_000_000_000_000n)], { head: 1014n }), bep20, expected);
    expect(verdict).toMatchObject({ state: 'confirmed', amount: '100.50', confirmations: 15 });
    expect(transferVerdict(mined([usdtTo(DEPOSIT, 100_500_000n)]), bep20, expected)).toMatchObject({ state: 'wrong_amount', paidAmount: '0.0000000001005' });
  });

  it('on TRC20 compares the T… addresses with the hex in the logs, and shows T…', () => {
    const trc20: TokenRules = { network: 'TRC20', usdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', decimals: 6, confirmations: 19 };
    const logs = [usdtTo('0x12e94f5a3c88b17d2f6e0b9a45cd310f8e7a6d29', 100_500_000n, '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c')];
    const toTron = { ...expected, to: 'TBhCfAytTEh52WFL6HYr64i2nmc3u3TCUp' };
    expect(transferVerdict(mined(logs, { head: 1018n }), trc20, toTron)).toMatchObject({ state: 'confirmed', confirmations: 19 });
    expect(transferVerdict(mined(logs), trc20, { ...toTron, to: 'THHRK1bA7YRPZBcLnTP1SZy9ipUpsRwpo6' })).toEqual({
      state: 'wrong_address',
      expectedTo: 'THHRK1bA7YRPZBcLnTP1SZy9ipUpsRwpo6',
      transfers: [{ to: 'TBhCfAytTEh52WFL6HYr64i2nmc3u3TCUp', amount: '100.50' }],
    });
  });

  it('refuses what cannot be checked rather than guessing', () => {
    const ok = mined([usdtTo(DEPOSIT, 100_500_000n)]);
    expect(transferVerdict(ok, ERC20, { ...expected, to: 'TBhCfAytTEh52WFL6HYr64i2nmc3u3TCUp' })).toEqual({
      state: 'invalid_input',
      problem: 'not_an_address',
    });
    expect(transferVerdict(ok, ERC20, { ...expected, amount: '100.5000001' })).toEqual({ state: 'invalid_input', problem: 'not_an_amount' });
    expect(transferVerdict(ok, ERC20, { ...expected, notBefore: 'yesterday' })).toEqual({ state: 'invalid_input', problem: 'not_a_time' });
    expect(transferVerdict(mined([usdtTo('junk', 1n, 'junk')]), { ...ERC20, usdtContract: 'junk' }, expected)).toEqual({
      state: 'invalid_input',
      problem: 'not_an_address',
    });
  });
});
