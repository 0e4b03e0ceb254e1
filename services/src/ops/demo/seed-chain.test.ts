import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { anvilBinary } from '../../chain/dev-node/anvil-node';
import type { DemoApps } from './demo-apps';
import { startDemoChain, usdtLess } from './demo-chain';
import { CHAIN_DEMO_ORDERS, chainClosingLines, NO_ANVIL, seedChainOrders } from './seed-chain';
import { STATUS_OF_STATE } from './demo-data';
import type { DemoPeople } from './seed-people';

describe('the chain demo orders without anvil', () => {
  it('are skipped, said in one line, and nothing is asked of the API', async () => {
    const refused = async () => {
      throw new Error('the API was called');
    };
    const apps = { api: refused, expiringApi: refused, lateProofApi: refused, chain: null } as unknown as DemoApps;
    const lines: string[] = [];
    expect(await seedChainOrders(apps, {} as DemoPeople, (line) => lines.push(line))).toEqual([]);
    expect(lines).toEqual([NO_ANVIL]);
    expect(NO_ANVIL).toBe('[seed] no anvil here: the chain demo orders are skipped');
  });

  it('start no chain where no anvil binary is installed (a production install, a platform anvil has none for)', async () => {
    expect(anvilBinary('linux', 'mips')).toBeNull();
    expect(anvilBinary('aix', 'x64')).toBeNull();
    expect(await startDemoChain(null)).toBeNull();
    // This machine has the devDependency's binary: the seed runs the chain here.
    expect(existsSync(anvilBinary()!)).toBe(true);
  });

  it('close with no word about the chain when there are none, and say how to get live checks when there are', () => {
    expect(chainClosingLines([{ state: 'pending' }, { state: 'completed' }])).toEqual([]);
    const lines = chainClosingLines(CHAIN_DEMO_ORDERS).join('\n');
    expect(lines).toContain(`${CHAIN_DEMO_ORDERS.length} orders carry readings of real USDT transfers`);
    expect(lines).toContain('nothing\nreads them again');
    expect(lines).toContain('CHAIN_TRC20_RPC_URL');
  });
});

describe('the chain demo orders', () => {
  it('each have a state the seed checks the order list against', () => {
    for (const order of CHAIN_DEMO_ORDERS) expect(STATUS_OF_STATE[order.state], order.state).toBeDefined();
    expect(new Set(CHAIN_DEMO_ORDERS.map((o) => o.state)).size).toBe(CHAIN_DEMO_ORDERS.length);
  });

  it('take a short payout from the order’s amount in USDT without floats', () => {
    expect(usdtLess('99.50', '1')).toBe('98.50');
    expect(usdtLess('105.883', '0.000001')).toBe('105.882999');
    expect(() => usdtLess('0.50', '1')).toThrow('cannot take 1 from 0.50 USDT');
  });
});
