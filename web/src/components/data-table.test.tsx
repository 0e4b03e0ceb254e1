// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { DataTable, type Column } from './data-table';

afterEach(cleanup);

interface Fruit {
  id: string;
  name: string;
  note: string | null;
}

const FRUITS: Fruit[] = [
  { id: 'a', name: 'Apple', note: null },
  { id: 'b', name: 'Banana', note: 'Bruised' },
];

const columns = (withCount: boolean): (Column<Fruit> | false)[] => [
  { header: '#', cell: (_, index) => index + 1 },
  { header: 'Name', rowHeader: true, className: 'nowrap', title: (f) => `Fruit ${f.id}`, cell: (f) => f.name },
  withCount && { header: 'Letters', cell: (f) => f.name.length },
  { header: 'Actions', hiddenHeader: true, cell: (f) => <button type="button">{`Eat ${f.name}`}</button> },
];

const cellTexts = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

/** A fruit's note as a row of its own under it, spanning the table. */
const noteRow = (f: Fruit, span: number) =>
  f.note && (
    <tr>
      <td colSpan={span}>{f.note}</td>
    </tr>
  );

describe('data table', () => {
  it('draws a header row from the columns it is given and a row per record', () => {
    render(<DataTable label="Fruit" rows={FRUITS} rowKey={(f) => f.id} columns={columns(true)} />);
    const [header, ...rows] = within(screen.getByRole('table', { name: 'Fruit' })).getAllByRole('row');
    expect(cellTexts(header!)).toEqual(['#', 'Name', 'Letters', 'Actions']);
    expect(within(header!).getByText('Actions').className).toBe('visually-hidden');
    expect(rows.map(cellTexts)).toEqual([
      ['1', 'Apple', '5', 'Eat Apple'],
      ['2', 'Banana', '6', 'Eat Banana'],
    ]);
    const name = within(rows[1]!).getByRole('rowheader');
    expect([name.textContent, name.className, name.title]).toEqual(['Banana', 'nowrap', 'Fruit b']);
  });

  it('leaves out a column given as false', () => {
    render(<DataTable rows={FRUITS} rowKey={(f) => f.id} columns={columns(false)} />);
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['#', 'Name', 'Actions']);
  });

  it('says its empty text instead of the table when there are no rows, and keeps the header without one', () => {
    const { rerender } = render(<DataTable rows={[]} rowKey={(f: Fruit) => f.id} columns={columns(true)} empty={<p>No fruit yet</p>} />);
    expect(screen.getByText('No fruit yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    rerender(<DataTable rows={[]} rowKey={(f: Fruit) => f.id} columns={columns(true)} />);
    expect(screen.getAllByRole('row')).toHaveLength(1);
  });

  it('adds a row under a record that asks for one, spanning every column, and a class on its own row', () => {
    render(<DataTable rows={FRUITS} rowKey={(f) => f.id} columns={columns(false)} rowClassName={(f) => (f.note ? 'noted' : undefined)} below={noteRow} />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.className)).toEqual(['', 'noted', '']);
    expect(within(rows[2]!).getByRole('cell').getAttribute('colspan')).toBe('3');
    expect(rows[2]!.textContent).toBe('Bruised');
  });
});

describe('data table on a narrow screen', () => {
  // happy-dom answers media queries from its viewport: the same test window is a phone, then a laptop.
  const viewport = (width: number) =>
    (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM.setViewport({ width, height: 844 });
  afterEach(() => viewport(1024));

  const withKinds: (Column<Fruit> | false)[] = [
    {
      header: 'Select all',
      kind: 'select',
      heading: <input type="checkbox" aria-label="Select every fruit" />,
      cell: (f) => <input type="checkbox" aria-label={`Select ${f.name}`} />,
    },
    { header: 'Name', kind: 'title', cell: (f) => f.name },
    { header: 'Note', cell: (f) => f.note ?? '-' },
    { header: 'Actions', hiddenHeader: true, kind: 'actions', cell: (f) => <button type="button">{`Eat ${f.name}`}</button> },
  ];

  it('draws a card per record on a phone: its name heading it, each field labelled, its buttons at its foot', () => {
    viewport(390);
    render(<DataTable label="Fruit" rows={FRUITS} rowKey={(f) => f.id} columns={withKinds} />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Fruit' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const banana = cards[1]!;
    expect(banana.querySelector('.record-card-head')!.textContent).toBe('Banana');
    expect([...banana.querySelectorAll('dt')].map((t) => t.textContent)).toEqual(['Note']);
    expect(banana.querySelector('dd')!.textContent).toBe('Bruised');
    // The actions are buttons in the card itself, not behind a scroll.
    expect(within(banana.querySelector('.record-card-actions') as HTMLElement).getByRole('button', { name: 'Eat Banana' })).toBeTruthy();
    expect(within(banana).getByRole('checkbox', { name: 'Select Banana' })).toBeTruthy();
    // A heading that acts on every row sits above the cards, labelled by its column.
    expect(screen.getByRole('checkbox', { name: 'Select every fruit' }).closest('label')!.textContent).toContain('Select all');
  });

  it('follows the window: on a laptop a table with its actions column kept in view, cards once the window narrows', async () => {
    viewport(1280);
    render(<DataTable label="Fruit" rows={FRUITS} rowKey={(f) => f.id} columns={withKinds} />);
    const table = screen.getByRole('table', { name: 'Fruit' });
    expect(within(table).getByRole('button', { name: 'Eat Apple' }).closest('td')!.className).toBe('sticky-end');
    expect(within(table).getAllByRole('columnheader').at(-1)!.className).toBe('sticky-end');
    expect(within(table).getByRole('checkbox', { name: 'Select every fruit' }).closest('th')).toBeTruthy();
    await act(async () => viewport(390));
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Fruit' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('puts a column that names itself (no visible heading) at the head of the card, unlabelled', () => {
    viewport(390);
    const open: Column<Fruit> = { header: 'Open', hiddenHeader: true, cell: (f) => <button type="button">{`Open ${f.name}`}</button> };
    render(<DataTable label="Fruit" rows={FRUITS} rowKey={(f) => f.id} columns={[open, ...withKinds.slice(1, 3)]} />);
    const apple = within(screen.getByRole('list', { name: 'Fruit' })).getAllByRole('listitem')[0]!;
    expect(within(apple.querySelector('.record-card-head') as HTMLElement).getByRole('button', { name: 'Open Apple' })).toBeTruthy();
    expect([...apple.querySelectorAll('dt')].map((t) => t.textContent)).toEqual(['Note']);
  });

  it("keeps a row's note (written as table rows) inside its card", () => {
    viewport(390);
    render(<DataTable label="Fruit" rows={FRUITS} rowKey={(f) => f.id} columns={withKinds} below={noteRow} />);
    const [apple, banana] = within(screen.getByRole('list', { name: 'Fruit' })).getAllByRole('listitem');
    expect(apple!.querySelector('table')).toBeNull();
    expect(within(banana!.querySelector('table') as HTMLElement).getByRole('cell').textContent).toBe('Bruised');
  });

  it('keeps a table where the page asks for one, and says its empty text either way', () => {
    viewport(390);
    const { rerender } = render(<DataTable layout="table" rows={FRUITS} rowKey={(f) => f.id} columns={withKinds} />);
    expect(screen.getByRole('table')).toBeTruthy();
    rerender(<DataTable rows={[]} rowKey={(f: Fruit) => f.id} columns={withKinds} empty={<p>No fruit yet</p>} />);
    expect(screen.getByText('No fruit yet')).toBeTruthy();
  });
});
