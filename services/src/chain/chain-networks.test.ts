import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '@desk/platform/config/env-schema';
import { CHAIN_DEFAULTS, chainEnv, chainNetworks } from './chain-networks';

const parse = (source: Record<string, string>) => chainNetworks(parseEnv(chainEnv, source));
const KEYED_URL = 'https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef';

describe('chain settings from the environment', () => {
  it('checks no network until its RPC URL is given, and defaults to mainnet USDT', () => {
    const networks = parse({});
    for (const network of ['ERC20', 'BEP20', 'POLYGON', 'TRC20'] as const) {
      expect(networks[network]).toEqual({ network, endpoint: null, ...CHAIN_DEFAULTS[network] });
    }
    expect(networks.BEP20.decimals).toBe(18);
    expect(networks.TRC20.usdtContract).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });

  it('takes each setting per network', () => {
    const networks = parse({
      CHAIN_POLYGON_RPC_URL: 'https://polygon-rpc.example/key',
      CHAIN_POLYGON_USDT_CONTRACT: '0x12E94f5a3c88b17d2F6E0b9a45Cd310f8E7a6D29',
      CHAIN_POLYGON_USDT_DECIMALS: '18',
      CHAIN_POLYGON_CONFIRMATIONS: '3',
      CHAIN_TRC20_RPC_URL: 'http://127.0.0.1:8545/jsonrpc',
    });
    expect(networks.POLYGON).toMatchObject({ usdtContract: '0x12E94f5a3c88b17d2F6E0b9a45Cd310f8E7a6D29', decimals: 18, confirmations: 3 });
    expect(networks.POLYGON.endpoint?.secretUrl()).toBe('https://polygon-rpc.example/key');
    expect(networks.TRC20.endpoint?.secretUrl()).toBe('http://127.0.0.1:8545/jsonrpc');
    expect(networks.ERC20.endpoint).toBeNull();
  });

  it('takes an empty variable for an unset one', () => {
    expect(parse({ CHAIN_ERC20_RPC_URL: '', CHAIN_ERC20_CONFIRMATIONS: ' ', CHAIN_ERC20_USDT_CONTRACT: '' }).ERC20).toEqual({
      network: 'ERC20',
      endpoint: null,
      ...CHAIN_DEFAULTS.ERC20,
    });
  });

  it('refuses a node over plain http to another machine: a forged answer could confirm a payment', () => {
    expect(() => parse({ CHAIN_BEP20_RPC_URL: 'http://bsc-node.internal:8545' })).toThrow(/CHAIN_BEP20_RPC_URL: https, or http to this machine only/);
    expect(() => parse({ CHAIN_BEP20_RPC_URL: 'ws://127.0.0.1:8546' })).toThrow(/CHAIN_BEP20_RPC_URL/);
  });

  it('refuses a contract that is not an address of its network, or a bad checksum', () => {
    expect(() => parse({ CHAIN_ERC20_USDT_CONTRACT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' })).toThrow(/CHAIN_ERC20_USDT_CONTRACT/);
    expect(() => parse({ CHAIN_ERC20_USDT_CONTRACT: '0xdAC17F958D2ee523a2206206994597C13D831Ec7' })).toThrow(/CHAIN_ERC20_USDT_CONTRACT: 0x and 40 hex digits/);
    expect(() => parse({ CHAIN_TRC20_USDT_CONTRACT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' })).toThrow(/CHAIN_TRC20_USDT_CONTRACT/);
    expect(parse({ CHAIN_TRC20_USDT_CONTRACT: '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c' }).TRC20.usdtContract).toBe(
      '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c',
    );
  });

  it('refuses decimals and confirmations out of range', () => {
    expect(() => parse({ CHAIN_ERC20_USDT_DECIMALS: '6.5' })).toThrow(/CHAIN_ERC20_USDT_DECIMALS/);
    expect(() => parse({ CHAIN_ERC20_USDT_DECIMALS: '78' })).toThrow(/CHAIN_ERC20_USDT_DECIMALS/);
    expect(() => parse({ CHAIN_TRC20_CONFIRMATIONS: '0' })).toThrow(/CHAIN_TRC20_CONFIRMATIONS/);
  });

  it('never shows the URL (and its API key) when the settings are printed, logged or serialised', () => {
    const networks = parse({ CHAIN_ERC20_RPC_URL: KEYED_URL, CHAIN_BEP20_RPC_URL: 'https://user:secret-pass@bsc.example:8443/?apikey=abc123' });
    const shown = [JSON.stringify(networks), inspect(networks, { depth: 5 }), `${networks.ERC20.endpoint}`, String(networks.BEP20.endpoint)].join('\n');
    expect(shown).not.toContain('0123456789abcdef');
    expect(shown).not.toContain('secret-pass');
    expect(shown).not.toContain('abc123');
    expect(shown).toContain('https://mainnet.infura.io/…');
    expect(shown).toContain('https://bsc.example:8443/…');
  });

  it('never echoes a refused URL in the configuration error', () => {
    expect(() => parse({ CHAIN_ERC20_RPC_URL: 'http://node.example/v3/0123456789abcdef' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('0123456789abcdef') }),
    );
  });
});
