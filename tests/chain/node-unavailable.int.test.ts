/**
 * A node that is down, hangs, refuses or answers nonsense gives `unavailable` (never `not_found`,
 * never an error), within the timeout and its one retry; a node that fails once and then answers
 * gives the real answer. The RPC URL's API key appears in no answer and no log line.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, vi } from 'vitest';
import type { Network } from '../../machines/src/addresses/networks';
import { logger } from '../../platform/src/logging/logger';
import { parseEnv } from '../../platform/src/config/env-schema';
import { chainEnv, chainNetworks } from '../../services/src/chain/chain-networks';
import { createChainReader } from '../../services/src/chain/chain-reader';
import { freePort } from '../support/free-port';
import { chainTest as test } from '../support/test-chain';

const API_KEY = 'k3y0f7h3n0d3pr0v1d3r';
const HASH = `0x${'ab'.repeat(32)}`;
const EXPECTED = { to: '0x12E94f5a3c88b17d2F6E0b9a45Cd310f8E7a6D29', amount: '100.50' };
const FAST = { timeoutMs: 300, retryDelayMs: 50 };

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

/** A local HTTP server playing a node that misbehaves as `handler` says; counts the requests it got. */
async function startNode(handler: Handler) {
  const paths: string[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      paths.push(request.url ?? '');
      open.add(response);
      response.on('close', () => open.delete(response));
      handler(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v3/${API_KEY}`,
    paths,
    close: async () => {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const readerOn = (url: string) => createChainReader(chainNetworks(parseEnv(chainEnv, { CHAIN_ERC20_RPC_URL: url })), FAST);
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  while (closers.length > 0) await closers.pop()!();
});

async function nodeThat(handler: Handler) {
  const node = await startNode(handler);
  closers.push(node.close);
  return node;
}

describe('a node that gives no usable answer', () => {
  test('a node that is down is unavailable (unreachable), at once', async () => {
    const reader = readerOn(`http://127.0.0.1:${await freePort()}/v3/${API_KEY}`);
    const started = Date.now();
    expect(await reader.readTransfer('ERC20', HASH, EXPECTED)).toEqual({ state: 'unavailable', reason: 'unreachable' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  test('a node that never answers is unavailable (timeout) after the timeout and one retry, not later', async () => {
    const node = await nodeThat(() => undefined);
    const started = Date.now();
    expect(await readerOn(node.url).readTransfer('ERC20', HASH, EXPECTED)).toEqual({ state: 'unavailable', reason: 'timeout' });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(2 * FAST.timeoutMs);
    expect(took).toBeLessThan(2 * FAST.timeoutMs + FAST.retryDelayMs + 1_500);
    // Three calls in parallel (receipt, transaction, head), each tried twice.
    expect(node.paths).toHaveLength(6);
  });

  test('a node answering 503 is retried once, then unavailable (error answer); a 401 (a bad key) is not retried', async () => {
    const failing = await nodeThat((_request, _body, response) => response.writeHead(503).end('busy'));
    expect(await readerOn(failing.url).readTransfer('ERC20', HASH, EXPECTED)).toEqual({ state: 'unavailable', reason: 'error_answer' });
    expect(failing.paths).toHaveLength(6);

    const refusing = await nodeThat((_request, _body, response) =>
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid api key"}'),
    );
    expect(await readerOn(refusing.url).readTransfer('ERC20', HASH, EXPECTED)).toEqual({ state: 'unavailable', reason: 'error_answer' });
    expect(refusing.paths).toHaveLength(3);
  });

  test('a JSON-RPC error, or an answer that is not JSON, is unavailable, not "not found"', async () => {
    const erring = await nodeThat((_request, body, response) => {
      const { id } = JSON.parse(body) as { id: number };
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: 'method not found' } }));
    });
    expect(await readerOn(erring.url).readTransfer('ERC20', HASH, EXPECTED)).toEqual({ state: 'unavailable', reason: 'error_answer' });

    const garbled = await nodeThat((_request, _body, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>'));
    expect(await readerOn(garbled.url).readTransfer('ERC20', HASH, EXPECTED)).toEqual({ state: 'unavailable', reason: 'unreadable_answer' });

    const nonsense = await nodeThat((_request, body, response) => {
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      const result = method === 'eth_blockNumber' ? 'not a number' : { blockNumber: 'yesterday', status: 42, logs: 'none' };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result }));
    });
    expect(await readerOn(nonsense.url).readTransfer('ERC20', HASH, EXPECTED)).toMatchObject({ state: 'unavailable' });
  });

  test('asks nothing of the node for a hash that is not one, or a network not configured', async () => {
    const node = await nodeThat((_request, _body, response) => response.writeHead(500).end());
    const reader = readerOn(node.url);
    for (const typed of ['', '0x1234', 'UTR412345678901', `0x${'ab'.repeat(31)}`, `0x${'zz'.repeat(32)}`]) {
      expect(await reader.readTransfer('ERC20', typed, EXPECTED)).toEqual({ state: 'invalid_input', problem: 'not_a_transaction_hash' });
    }
    expect(await reader.readTransfer('TRC20', HASH, { to: 'TBhCfAytTEh52WFL6HYr64i2nmc3u3TCUp', amount: '1' })).toEqual({ state: 'not_configured' });
    expect(await reader.readTransfer('SOLANA' as Network, HASH, EXPECTED)).toEqual({ state: 'not_configured' });
    expect(node.paths).toEqual([]);
  });

  test('the API key in the RPC URL is sent to the node and appears in no answer and no log line', async () => {
    const warn = vi.spyOn(logger, 'warn');
    const error = vi.spyOn(logger, 'error');
    const node = await nodeThat((_request, _body, response) => response.writeHead(502).end(`bad gateway for /v3/${API_KEY}`));
    const check = await readerOn(node.url).readTransfer('ERC20', HASH, EXPECTED);
    expect(check).toEqual({ state: 'unavailable', reason: 'error_answer' });
    expect(node.paths[0]).toBe(`/v3/${API_KEY}`);
    const said = JSON.stringify([check, warn.mock.calls, error.mock.calls]);
    expect(said).not.toContain(API_KEY);
    expect(warn).toHaveBeenCalledWith('chain node gave no usable answer', { network: 'ERC20', reason: 'error_answer', node: `${new URL(node.url).origin}/…` });
  });
});

describe('a node that fails once', () => {
  test('answers on the retry: the first attempt of every request refused with 503, the second forwarded to anvil', async ({ chain }) => {
    const [desk, customer] = chain.accounts as [`0x${string}`, `0x${string}`];
    const usdt = await chain.deployToken(6);
    await chain.mint(usdt, customer, 500_000_000n);
    const hash = await chain.transfer(usdt, customer, desk, 100_500_000n);
    const seen = new Set<string>();
    const flaky = await nodeThat((_request, body, response) => {
      const { method, params } = JSON.parse(body) as { method: string; params: unknown };
      const key = `${method} ${JSON.stringify(params)}`;
      if (!seen.has(key)) {
        seen.add(key);
        response.writeHead(503).end();
        return;
      }
      void fetch(chain.anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then((answer) => answer.text())
        .then((text) => response.writeHead(200, { 'content-type': 'application/json' }).end(text));
    });
    const env = parseEnv(chainEnv, { CHAIN_ERC20_RPC_URL: flaky.url, CHAIN_ERC20_USDT_CONTRACT: usdt, CHAIN_ERC20_CONFIRMATIONS: '1' });
    const check = await createChainReader(chainNetworks(env), FAST).readTransfer('ERC20', hash, { to: desk, amount: '100.50' });
    expect(check).toMatchObject({ state: 'confirmed', amount: '100.50' });
    expect(flaky.paths.length).toBe(2 * seen.size);
  });
});
