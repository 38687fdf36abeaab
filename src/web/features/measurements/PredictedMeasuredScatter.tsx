import { CartesianGrid, Legend, ReferenceLine, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { MeasurementReport } from '../../../common/api/measurements.js';
import { scatterDomain, scatterTicks } from './scatterDomain.js';

const CHART_HEIGHT = 360;
const COLORS = { uncalibrated: '#1e88e5', calibrated: '#f4511e', identity: '#616161' } as const;
const dbm = (value: number) => `${value}`;

/**
 * Predicted against measured signal (dBm), one dot per measurement of the report's even sample:
 * the uncalibrated model in blue and, with a fit, the cross-validated calibrated one in orange. A
 * perfect model puts every dot on the grey y = x line; dots under it are spots where the map
 * promised more than was measured.
 */
export function PredictedMeasuredScatter({ points }: { points: MeasurementReport['scatter'] }) {
  const domain = scatterDomain(points);
  const ticks = scatterTicks(domain);
  const uncalibrated = points.map((point) => ({ predicted: point.predicted_dbm, measured: point.measured_dbm }));
  const calibrated = points.flatMap((point) => (point.calibrated_dbm === null ? [] : [{ predicted: point.calibrated_dbm, measured: point.measured_dbm }]));
  return (
    <div style={{ width: '100%', height: CHART_HEIGHT }} role="img" aria-label={`Predicted against measured signal, ${points.length} measurements`}>
      <ResponsiveContainer width="100%" height="100%">
        <ScatterChart margin={{ top: 8, right: 24, bottom: 24, left: 12 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e0e0e0" />
          <XAxis
            type="number"
            dataKey="predicted"
            name="Predicted"
            domain={domain}
            ticks={ticks}
            tickFormatter={dbm}
            tick={{ fontSize: 12 }}
            allowDataOverflow
            label={{ value: 'Predicted (dBm)', position: 'insideBottom', offset: -12 }}
          />
          <YAxis
            type="number"
            dataKey="measured"
            name="Measured"
            domain={domain}
            ticks={ticks}
            tickFormatter={dbm}
            tick={{ fontSize: 12 }}
            allowDataOverflow
            width={64}
            label={{ value: 'Measured (dBm)', angle: -90, position: 'insideLeft', offset: 0, style: { textAnchor: 'middle' } }}
          />
          <Tooltip cursor={{ strokeDasharray: '3 3' }} formatter={(value) => `${Number(value).toFixed(1)} dBm`} />
          <Legend verticalAlign="top" height={32} wrapperStyle={{ fontSize: 13 }} />
          <ReferenceLine
            segment={[
              { x: domain[0], y: domain[0] },
              { x: domain[1], y: domain[1] },
            ]}
            stroke={COLORS.identity}
            strokeDasharray="6 4"
            ifOverflow="hidden"
            label={{ value: 'y = x', position: 'insideTopLeft', fill: COLORS.identity, fontSize: 12 }}
          />
          <Scatter name="Uncalibrated" data={uncalibrated} fill={COLORS.uncalibrated} fillOpacity={0.55} isAnimationActive={false} />
          {calibrated.length > 0 && (
            <Scatter name="Calibrated (cross-validated)" data={calibrated} fill={COLORS.calibrated} fillOpacity={0.55} isAnimationActive={false} />
          )}
        </ScatterChart>
      </ResponsiveContainer>
    </div>
  );
}
