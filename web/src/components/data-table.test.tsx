// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
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
    render(
      <DataTable
        rows={FRUITS}
        rowKey={(f) => f.id}
        columns={columns(false)}
        rowClassName={(f) => (f.note ? 'noted' : undefined)}
        below={(f, span) =>
          f.note && (
            <tr>
              <td colSpan={span}>{f.note}</td>
            </tr>
          )
        }
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.className)).toEqual(['', 'noted', '']);
    expect(within(rows[2]!).getByRole('cell').getAttribute('colspan')).toBe('3');
    expect(rows[2]!.textContent).toBe('Bruised');
  });
});
