// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { choiceFilter, readFilters, textFilter, unusedFilter, useUrlFilters, writeFilters, type UrlFilterSpec, type UrlPaging } from './use-url-filters';

afterEach(cleanup);

interface OrderFilters {
  status: 'all' | 'pending' | 'completed';
  refCode: string;
  tenantId: string;
}

const SPEC: UrlFilterSpec<OrderFilters> = {
  status: choiceFilter(['all', 'pending', 'completed'], 'all'),
  refCode: textFilter(),
  tenantId: textFilter(),
};
const PAGING: UrlPaging = { sizes: [25, 50, 100], fallback: 50, key: 'pageSize' };

/** Opens `path` with a page that uses the hook; `list()` is what the hook answers after the last render. */
function mount(path: string, spec: UrlFilterSpec<OrderFilters> = SPEC, paging: UrlPaging | null = PAGING) {
  let latest: ReturnType<typeof useUrlFilters<OrderFilters>> | undefined;
  function ListPage() {
    latest = useUrlFilters(spec, paging ?? undefined);
    return null;
  }
  const router = createMemoryRouter([{ path: '*', element: <ListPage /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, list: () => latest!, search: () => router.state.location.search };
}

describe('useUrlFilters', () => {
  it('reads the filters, page and size from the address', () => {
    const { list } = mount('/orders?status=pending&refCode=ORD-1&page=3&pageSize=100');
    expect(list().filters).toEqual({ status: 'pending', refCode: 'ORD-1', tenantId: '' });
    expect(list().page).toBe(3);
    expect(list().pageSize).toBe(100);
  });

  it('reads what the list does not take as the defaults: an unknown status, a page below 1, a size not offered', () => {
    const { list } = mount('/orders?status=lost&page=0&pageSize=7');
    expect(list().filters.status).toBe('all');
    expect(list().page).toBe(1);
    expect(list().pageSize).toBe(50);
    for (const page of ['-2', '1.5', 'two']) {
      cleanup();
      expect(mount(`/orders?page=${page}`).list().page).toBe(1);
    }
  });

  it('goes back to page 1 when a filter changes, keeping the others and the size', () => {
    const { list, search } = mount('/orders?refCode=ORD-1&page=4&pageSize=25');
    act(() => list().set({ status: 'completed' }));
    expect(search()).toBe('?status=completed&refCode=ORD-1&pageSize=25');
    expect(list().page).toBe(1);
  });

  it('leaves defaults out of the address and trims text, so the plain list keeps a plain link', () => {
    const { list, search } = mount('/orders?status=pending&page=2');
    act(() => list().apply({ status: 'all', refCode: '  ORD-9  ', tenantId: '   ' }));
    expect(search()).toBe('?refCode=ORD-9');
    expect(list().filters.refCode).toBe('ORD-9');
    act(() => list().clear());
    expect(search()).toBe('');
  });

  it('turns pages without touching the filters, and a new size starts at page 1', () => {
    const { list, search } = mount('/orders?status=pending');
    act(() => list().setPage(3));
    expect(search()).toBe('?status=pending&page=3');
    act(() => list().setPageSize(50));
    expect(search()).toBe('?status=pending');
    act(() => list().setPageSize(100));
    expect(search()).toBe('?status=pending&pageSize=100');
  });

  it('keeps what other parts of the page keep in the address', () => {
    const { list, search } = mount('/orders?tab=lines&status=pending');
    act(() => list().set({ refCode: 'ORD-2' }));
    expect(search()).toBe('?status=pending&refCode=ORD-2&tab=lines');
  });

  it('ignores, then drops, a filter the reader may not use', () => {
    const { list, search } = mount('/orders?tenantId=t-2&status=pending', { ...SPEC, tenantId: unusedFilter('') });
    expect(list().filters.tenantId).toBe('');
    act(() => list().set({ refCode: 'ORD-3' }));
    expect(search()).toBe('?status=pending&refCode=ORD-3');
  });

  it('says when the list shown changes (listKey), and not when only the spelling of the address does', () => {
    const { list } = mount('/orders?status=pending&pageSize=50&page=1');
    const first = list().listKey;
    expect(first).toBe('status=pending');
    act(() => list().setPage(2));
    expect(list().listKey).toBe('status=pending&page=2');
  });

  it('serves an unpaged list: no size key, and the page only read', () => {
    const { list, search } = mount('/orders?pageSize=100&status=pending', SPEC, null);
    expect(list().pageSize).toBe(0);
    act(() => list().set({ refCode: 'x' }));
    expect(search()).toBe('?status=pending&refCode=x&pageSize=100');
  });
});

describe('readFilters and writeFilters', () => {
  it('round-trip any values the list takes', () => {
    const values: OrderFilters = { status: 'completed', refCode: 'ORD-5', tenantId: 't-1' };
    const address = writeFilters(SPEC, values, 2, 25, PAGING, new URLSearchParams());
    expect(address.toString()).toBe('status=completed&refCode=ORD-5&tenantId=t-1&page=2&pageSize=25');
    expect(readFilters(SPEC, address)).toEqual(values);
  });

  it('writes a choice whose fallback is empty only when chosen', () => {
    type Money = { direction: '' | 'credit' | 'debit' };
    const spec: UrlFilterSpec<Money> = { direction: choiceFilter(['', 'credit', 'debit'], '') };
    const address = (values: Money) => writeFilters(spec, values, 1, 0, undefined, new URLSearchParams()).toString();
    expect(address({ direction: '' })).toBe('');
    expect(address({ direction: 'debit' })).toBe('direction=debit');
  });
});
