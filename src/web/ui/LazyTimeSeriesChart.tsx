import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { TimeSeriesChartProps } from './charts/TimeSeriesChart.js';

// The charting library is a download of its own, fetched when the first chart is shown, and only
// by the admin screens that draw one: never by the public map, the embed or the widget.
const TimeSeriesChart = lazy(() => import('./charts/TimeSeriesChart.js'));

export type { ChartDatum, ChartSeries } from './charts/TimeSeriesChart.js';

interface LazyTimeSeriesChartProps extends TimeSeriesChartProps {
  /** What the chart shows, for assistive technology, e.g. "Searches per day". */
  label: string;
}

/** A TimeSeriesChart in a figure, with a placeholder of its size while the library loads. */
export function LazyTimeSeriesChart({ label, ...chart }: LazyTimeSeriesChartProps) {
  const height = chart.height ?? 280;
  return (
    <figure aria-label={label} className="report-chart" style={{ margin: 0 }}>
      <Suspense fallback={<Skeleton variant="rectangular" height={height} role="status" aria-label="Loading chart" />}>
        <TimeSeriesChart {...chart} height={height} />
      </Suspense>
    </figure>
  );
}
