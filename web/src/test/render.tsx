import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../components/app-providers';
import '../i18n/landing/texts';

export type FakeApi = Record<string, unknown | ((body: unknown, url: URL) => { status: number; body: unknown })>;

/**
 * Answers the app's API calls from a table: `'GET /api/config/public': {...}` answers 200 with that
 * body; a function may choose the status. Unlisted calls answer 404. Every call is recorded.
 */
export function fakeApi(table: FakeApi) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const body = text ? JSON.parse(text) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    const entry = table[`${method} ${url.pathname}`];
    const answer =
      typeof entry === 'function'
        ? (entry as (b: unknown, u: URL) => { status: number; body: unknown })(body, url)
        : entry === undefined
          ? { status: 404, body: { error: 'Not found' } }
          : { status: 200, body: entry };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const PUBLIC_CONFIG = {
  rates: { usdtInr: 85, usdt_bank_buy: 88.5, usdt_bank_sell: 86, usdt_cash_buy: 0, usdt_cash_sell: 87 },
  fees: { fiatToCryptoPercent: 0.5, cryptoToFiatPercent: 1 },
  limits: { buyInr: { min: 100, max: 1000000 }, sellUsdt: { min: 1, max: 12000 } },
  networks: ['TRC20', 'ERC20', 'BEP20', 'POLYGON'],
  brand: { name: 'Test Desk', logoUrl: null, primaryColor: '#123456', support: { phone: null, email: null, whatsappUrl: null, hours: null } },
};

/** Renders `ui` (or a route table) with a fresh query cache and an in-memory router at `path`. */
export function renderWithApp(ui: ReactElement | RouteObject[], path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const routes: RouteObject[] = Array.isArray(ui) ? ui : [{ path: '*', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return {
    router,
    ...render(<AppProviders client={client} router={router} />),
  };
}

/**
 * What each area's test kit does to open a screen: a token in storage when signed in, the API
 * answered from `table` (calls recorded), and `routes` mounted at `path`.
 */
export function renderRoutes(routes: RouteObject[], path: string, table: FakeApi, { signedIn = false }: { signedIn?: boolean } = {}) {
  if (signedIn) localStorage.setItem('token', 'test-token');
  return { ...fakeApi(table), ...renderWithApp(routes, path) };
}
