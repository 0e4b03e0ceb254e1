import type { FieldChange } from './order-fields';

/**
 * What a step changed in the order, field by field in words: before and after. The first step has
 * no before: it lists what was recorded.
 */
export function StepChanges({ changes, first }: { changes: readonly FieldChange[]; first: boolean }) {
  if (changes.length === 0) return <p className="muted">Nothing in the order changed at this step.</p>;
  return (
    <div className="table-wrap">
      <table className="change-table" aria-label={first ? 'What was recorded' : 'What changed'}>
        <thead>
          <tr>
            <th scope="col">Field</th>
            {!first && <th scope="col">Before</th>}
            <th scope="col">{first ? 'Value' : 'After'}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.key}>
              <th scope="row">{c.label}</th>
              {!first && <td className="before">{c.before || <span className="muted">none</span>}</td>}
              <td className="after">{c.after || <span className="muted">none</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
