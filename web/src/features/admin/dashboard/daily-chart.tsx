import { useId } from 'react';
import { formatInr } from '@desk/machines/pricing/pricing';
import type { Dashboard } from '../admin-api';
import { countAxisMax, formatCompactInr, formatDay, niceCeil } from './chart-scale';
import { DailyTable } from './daily-table';

type Day = Dashboard['daily'][number];

// Drawing units; the SVG scales to its container through the viewBox.
const WIDTH = 720;
const HEIGHT = 260;
const LEFT = 44;
const RIGHT = 64;
const TOP = 16;
const BOTTOM = 40;
const PLOT_W = WIDTH - LEFT - RIGHT;
const PLOT_H = HEIGHT - TOP - BOTTOM;

/**
 * Orders per day as bars (left axis) and completed INR volume as a line (right axis), plain SVG.
 * Screen readers get a one-line summary; the exact numbers are in the table under the chart.
 */
export function DailyChart({ days }: { days: readonly Day[] }) {
  const titleId = useId();
  const descId = useId();
  const countMax = countAxisMax(Math.max(0, ...days.map((d) => d.orders)));
  const volumes = days.map((d) => Number(d.volume) || 0);
  const volumeMax = niceCeil(Math.max(0, ...volumes));
  const band = PLOT_W / Math.max(1, days.length);
  const x = (i: number) => LEFT + band * i + band / 2;
  const yCount = (n: number) => TOP + PLOT_H - (n / countMax) * PLOT_H;
  const yVolume = (v: number) => TOP + PLOT_H - (v / volumeMax) * PLOT_H;
  const line = volumes.map((v, i) => `${x(i).toFixed(1)},${yVolume(v).toFixed(1)}`).join(' ');
  const totalOrders = days.reduce((sum, d) => sum + d.orders, 0);
  const totalVolume = volumes.reduce((sum, v) => sum + v, 0);
  const ticks = [0, 0.5, 1];
  // About six date labels fit under the bars at any width.
  const labelEvery = Math.max(1, Math.ceil(days.length / 6));

  return (
    <section className="card daily-chart" aria-labelledby={titleId}>
      <h2 id={titleId}>Orders and Volume, Last {days.length} Days</h2>
      <ul className="chart-legend" aria-hidden="true">
        <li className="bars">Orders</li>
        <li className="line">Completed volume (INR)</li>
      </ul>
      {/* The card's heading names the chart; its own title goes with it when the SVG is read or saved alone. */}
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} aria-describedby={descId}>
        <title>{`Orders and Volume, Last ${days.length} Days`}</title>
        <desc id={descId}>{`${totalOrders} orders and ${formatInr(String(totalVolume))} completed volume over ${days.length} days.`}</desc>
        {ticks.map((t) => (
          <g key={t} className="tick">
            <line x1={LEFT} x2={LEFT + PLOT_W} y1={TOP + PLOT_H * (1 - t)} y2={TOP + PLOT_H * (1 - t)} />
            <text x={LEFT - 6} y={TOP + PLOT_H * (1 - t)} textAnchor="end" dominantBaseline="middle">
              {countMax * t}
            </text>
            <text x={LEFT + PLOT_W + 6} y={TOP + PLOT_H * (1 - t)} dominantBaseline="middle">
              {formatCompactInr(volumeMax * t)}
            </text>
          </g>
        ))}
        {days.map((d, i) => (
          <rect key={d.date} className="bar" x={x(i) - band * 0.35} width={band * 0.7} y={yCount(d.orders)} height={TOP + PLOT_H - yCount(d.orders)}>
            <title>{`${formatDay(d.date)}: ${d.orders} orders, ${formatInr(d.volume)}`}</title>
          </rect>
        ))}
        <polyline className="volume-line" points={line} />
        {days.map((d, i) =>
          i % labelEvery === 0 || i === days.length - 1 ? (
            <text key={d.date} className="day" x={x(i)} y={TOP + PLOT_H + 16} textAnchor="middle">
              {formatDay(d.date)}
            </text>
          ) : null,
        )}
        <text className="axis-title" transform={`translate(12 ${TOP + PLOT_H / 2}) rotate(-90)`} textAnchor="middle">
          Orders
        </text>
        <text className="axis-title" transform={`translate(${WIDTH - 16} ${TOP + PLOT_H / 2}) rotate(90)`} textAnchor="middle">
          Volume (INR)
        </text>
        <text className="axis-title" x={LEFT + PLOT_W / 2} y={HEIGHT - 4} textAnchor="middle">
          Date
        </text>
      </svg>
      <DailyTable days={days} />
    </section>
  );
}
