import type { InferResponseType } from 'hono/client';
import { api, ApiError, unwrap } from '../../lib/api';

/** Which desk reads the books: an admin's (their scope's brands) or a compliance officer's (read only, each read on their trail). */
export type BooksArea = 'admin' | 'compliance';

export interface BooksQuery {
  tenantId?: string;
  day?: string;
}

const routes = (area: BooksArea) => (area === 'admin' ? api.admin.ledger : api.compliance.ledger);

/**
 * The books' reads, typed from the server's routes (Hono RPC): a brand's daily position (with the
 * brands to choose from, for a reader of every brand), and its entries as a CSV file, fetched with
 * the reader's token and handed to the browser to save.
 */
export const booksApi = {
  position: (area: BooksArea, query: BooksQuery) => unwrap(routes(area).position.$get({ query })),
  async downloadCsv(area: BooksArea, query: { tenantId?: string; from: string; to: string }): Promise<void> {
    const response = await routes(area)['entries.csv'].$get({ query });
    if (!response.ok) throw new ApiError(response.status, ((await response.json().catch(() => null)) ?? {}) as ApiError['body']);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(await response.blob());
    link.download = `books-${query.from}-to-${query.to}.csv`;
    link.click();
    // Later, not at once: the browser reads the file from the link after the click returns.
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  },
};

export type PositionAnswer = InferResponseType<typeof api.admin.ledger.position.$get, 200>;
export type Position = PositionAnswer['position'];
export type Holding = Position['accounts'][number];
export type Balance = Position['balances'][number];
export type BookTotal = Position['books'][number];
export type BrandChoice = NonNullable<PositionAnswer['brands']>[number];

export const booksKeys = {
  position: (area: BooksArea, query: BooksQuery) => [area, 'books', 'position', query] as const,
};
