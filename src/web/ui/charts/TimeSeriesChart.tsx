import { Area, Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TooltipContentProps, TooltipValueType } from 'recharts';

/** One series of a chart over days: bars (stacked when they share a stackId), a line or an area. */
export interface ChartSeries {
  /** The field of each datum holding the value; null for a day without one (a gap in a line). */
  key: string;
  label: string;
  color: string;
  kind: 'bar' | 'line' | 'area';
  stackId?: string;
}

export type ChartDatum = Readonly<Record<string, string | number | null>>;

export interface TimeSeriesChartProps {
  data: readonly ChartDatum[];
  /** The field holding each datum's day (or other category along the x axis). */
  xKey: string;
  series: readonly ChartSeries[];
  /** The x axis's tick text, e.g. "23 Nov". */
  formatX: (value: string) => string;
  /** The tooltip's title, e.g. "23 Nov 2026"; formatX when absent. */
  formatXLong?: (value: string) => string;
  /** Values on the y axis and in the tooltip, e.g. "12" or "45%". */
  formatValue: (value: number) => string;
  /** Fixed y range, e.g. [0, 100] for percentages; from the data otherwise. */
  yDomain?: [number, number];
  /** Whole numbers only on the y axis (counts). */
  integers?: boolean;
  height?: number;
}

/**
 * A chart of values per day (Recharts, in its own lazily loaded chunk: see LazyTimeSeriesChart).
 * Formatting arrives as functions, and the tooltip is plain elements rather than MUI ones, so this
 * chunk imports nothing but Recharts and React: loading it never reshapes the pages' chunks.
 * Animation is off so the chart is complete at once, on screen and in print.
 */
export default function TimeSeriesChart({
  data,
  xKey,
  series,
  formatX,
  formatXLong,
  formatValue,
  yDomain,
  integers = false,
  height = 280,
}: TimeSeriesChartProps) {
  const rows = data as ChartDatum[];
  return (
    <div style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={rows} margin={{ top: 8, right: 16, bottom: 4, left: 0 }} barCategoryGap="15%">
          <CartesianGrid strokeDasharray="3 3" stroke="#e0e4ea" vertical={false} />
          <XAxis dataKey={xKey} tickFormatter={(value) => formatX(String(value))} tick={{ fontSize: 12 }} minTickGap={16} tickMargin={6} />
          <YAxis
            tickFormatter={(value) => formatValue(Number(value))}
            tick={{ fontSize: 12 }}
            allowDecimals={!integers}
            domain={yDomain ?? [0, 'auto']}
            width={48}
          />
          <Tooltip
            content={(props) => <DayTooltip {...props} series={series} formatTitle={formatXLong ?? formatX} formatValue={formatValue} />}
            cursor={{ fill: 'rgba(21, 101, 192, 0.06)' }}
          />
          {series.length > 1 && <Legend verticalAlign="top" height={28} wrapperStyle={{ fontSize: 13 }} itemSorter={null} />}
          {series.map((s) => {
            if (s.kind === 'bar') {
              return <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} stackId={s.stackId} isAnimationActive={false} maxBarSize={36} />;
            }
            if (s.kind === 'area') {
              return (
                <Area
                  key={s.key}
                  dataKey={s.key}
                  name={s.label}
                  type="monotone"
                  stroke={s.color}
                  fill={s.color}
                  fillOpacity={0.18}
                  strokeWidth={2}
                  stackId={s.stackId}
                  isAnimationActive={false}
                />
              );
            }
            return (
              <Line
                key={s.key}
                dataKey={s.key}
                name={s.label}
                type="linear"
                stroke={s.color}
                strokeWidth={2}
                dot={rows.length <= 31 ? { r: 2.5 } : false}
                connectNulls={false}
                isAnimationActive={false}
              />
            );
          })}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

const tooltipBox = {
  background: '#fff',
  borderRadius: 4,
  boxShadow: '0 2px 8px rgba(0,0,0,0.2)',
  padding: '6px 10px',
  font: '12px/1.5 system-ui, sans-serif',
} as const;
const swatch = (color: string) => ({ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: color, marginRight: 6 }) as const;

interface DayTooltipProps extends TooltipContentProps<TooltipValueType, string | number> {
  series: readonly ChartSeries[];
  formatTitle: (value: string) => string;
  formatValue: (value: number) => string;
}

function DayTooltip({ active, label, payload, series, formatTitle, formatValue }: DayTooltipProps) {
  const datum = payload?.[0]?.payload as ChartDatum | undefined;
  if (!active || !datum) return null;
  return (
    <div style={tooltipBox}>
      <div style={{ fontWeight: 700 }}>{formatTitle(String(label))}</div>
      {series.map((s) => {
        const value = datum[s.key];
        return (
          <div key={s.key}>
            <span style={swatch(s.color)} />
            {s.label}: {typeof value === 'number' ? formatValue(value) : '—'}
          </div>
        );
      })}
    </div>
  );
}
