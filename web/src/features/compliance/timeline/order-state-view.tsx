import type { Change } from '../compliance-api';
import { showValue, stateRows } from './state-rows';

interface OrderStateViewProps {
  state: Record<string, unknown>;
  changes: readonly Change[];
}

/** What this step changed (from -> to), then the order's whole state after it with those fields highlighted. */
export function OrderStateView({ state, changes }: OrderStateViewProps) {
  const rows = stateRows(state, changes);
  return (
    <>
      <h3>What changed</h3>
      {changes.length === 0 ? (
        <p className="muted">Nothing in the order's state changed at this step.</p>
      ) : (
        <ul className="change-list" aria-label="Changes">
          {changes.map((c) => (
            <li key={c.path}>
              <code>{c.path}</code>: <FromTo change={c} />
            </li>
          ))}
        </ul>
      )}
      <h3>Order after this step</h3>
      <div className="table-wrap">
        <table className="state-table" aria-label="Order state">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.path} className={row.change ? 'changed' : undefined}>
                <th scope="row">
                  <code>{row.path}</code>
                  {row.change && <span className="visually-hidden"> (changed)</span>}
                </th>
                <td>{row.change && row.change.from !== undefined ? <FromTo change={row.change} /> : showValue(row.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function FromTo({ change }: { change: Change }) {
  return (
    <span className="from-to">
      <del>{showValue(change.from)}</del> <span aria-label="became">-&gt;</span> <ins>{showValue(change.to)}</ins>
    </span>
  );
}
