import { formatInr } from '@desk/machines/pricing/pricing';
import type { Dashboard } from '../admin-api';
import { formatDay } from './chart-scale';

/** The chart's numbers as a table, for screen readers and for anyone who wants exact figures. */
export function DailyTable({ days }: { days: readonly Dashboard['daily'][number][] }) {
  return (
    <details className="chart-data">
      <summary>Show the numbers</summary>
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">Orders and completed volume per day</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Orders</th>
              <th scope="col">Volume (INR)</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{formatDay(d.date)}</th>
                <td>{d.orders}</td>
                <td>{formatInr(d.volume)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
