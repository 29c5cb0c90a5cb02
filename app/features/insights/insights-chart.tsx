import { useId } from "react";

/**
 * The Insights charts, drawn on the server as SVG (no chart code in any bundle's JavaScript): the
 * figures they draw are always in a table beside them too, for screen readers and copying.
 */

const DAY_FORMAT = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** "3 May" style label of a YYYY-MM-DD shop day. */
export function dayLabel(day: string): string {
  return DAY_FORMAT.format(new Date(`${day}T00:00:00Z`));
}

export interface ChartSeries {
  label: string;
  /** a fill colour class for the bars (tailwind fill-*) */
  fillClass: string;
  values: readonly number[];
}

const WIDTH = 720;
const PANEL = 78;
const GAP = 22;
const LEFT = 86;
const RIGHT = 12;

/** Bars per day, one panel per series (each on its own scale, its peak written beside it). */
export function DailyChart({ days, series, title }: { days: readonly string[]; series: readonly ChartSeries[]; title: string }) {
  const id = useId();
  const height = series.length * (PANEL + GAP) + 18;
  const plotWidth = WIDTH - LEFT - RIGHT;
  const step = plotWidth / Math.max(1, days.length);
  const bar = Math.max(1, step * 0.7);
  const labelEvery = Math.ceil(days.length / 7);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      className="h-auto w-full"
      role="img"
      aria-labelledby={`${id}-title`}
      preserveAspectRatio="xMidYMid meet"
    >
      <title id={`${id}-title`}>{title}</title>
      {series.map((line, row) => {
        const top = row * (PANEL + GAP) + 8;
        const peak = Math.max(1, ...line.values);
        const total = line.values.reduce((sum, value) => sum + value, 0);
        return (
          <g key={line.label}>
            <text x={0} y={top + 14} className="fill-forest-900 text-[13px] font-semibold">
              {line.label}
            </text>
            <text x={0} y={top + 32} className="fill-ink-500 text-[11px]">
              {total.toLocaleString("en-US")} in all
            </text>
            <text x={0} y={top + 48} className="fill-ink-500 text-[11px]">
              peak {Math.max(0, ...line.values).toLocaleString("en-US")}
            </text>
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={top + PANEL} y2={top + PANEL} className="stroke-sage-300" strokeWidth={1} />
            {line.values.map((value, index) => {
              const h = (value / peak) * (PANEL - 6);
              return (
                <rect
                  key={days[index]}
                  x={LEFT + index * step + (step - bar) / 2}
                  y={top + PANEL - h}
                  width={bar}
                  height={h}
                  rx={Math.min(2, bar / 3)}
                  className={line.fillClass}
                />
              );
            })}
          </g>
        );
      })}
      {days.map((day, index) =>
        index % labelEvery === 0 || index === days.length - 1 ? (
          <text key={day} x={LEFT + index * step + step / 2} y={height - 2} textAnchor="middle" className="fill-ink-500 text-[11px]">
            {dayLabel(day)}
          </text>
        ) : null,
      )}
    </svg>
  );
}

/** A product's views per day as a small line (its edit page), with its meaning in its label. */
export function Sparkline({ values, label }: { values: readonly number[]; label: string }) {
  const width = 160;
  const height = 36;
  const peak = Math.max(1, ...values);
  const step = width / Math.max(1, values.length - 1);
  const points = values.map((value, index) => `${(index * step).toFixed(1)},${(height - 2 - (value / peak) * (height - 4)).toFixed(1)}`);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-label={label} className="shrink-0">
      <polyline points={points.join(" ")} fill="none" className="stroke-forest-700" strokeWidth={2} strokeLinejoin="round" />
    </svg>
  );
}
