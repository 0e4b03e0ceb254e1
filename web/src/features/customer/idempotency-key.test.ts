import { afterEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '../../lib/api';
import { customerApi, type BuyRequest } from './customer-api';

describe('Idempotency-Key', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('goes with every POST (a fresh one each time), never with a GET, and a given key is kept', async () => {
    const sent: Headers[] = [];
    vi.stubGlobal('fetch', async (_input: unknown, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined, removeItem: () => undefined });
    await callApi('POST', '/api/x', { json: {} });
    await callApi('POST', '/api/x', { json: {} });
    await callApi('GET', '/api/x');
    const [first, second, get] = sent.map((h) => h.get('idempotency-key'));
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
    expect(get).toBeNull();

    // Placing an order passes its submit's own key: sending the same order again reuses it.
    const buy = { fiatAmount: '1000', network: 'TRC20', withdrawAddress: 'T', method: 'bank' } as BuyRequest;
    await customerApi.placeBuy(buy, 'submit-key-1');
    await customerApi.placeBuy(buy, 'submit-key-1');
    expect(sent.slice(3).map((h) => h.get('idempotency-key'))).toEqual(['submit-key-1', 'submit-key-1']);
  });
});
