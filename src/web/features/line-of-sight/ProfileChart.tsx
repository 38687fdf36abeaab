import { Area, CartesianGrid, ComposedChart, Legend, Line, ReferenceDot, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TooltipContentProps, TooltipValueType } from 'recharts';
import type { ProfileDatum, ProfileSeries } from './profileSeries.js';

/** Colours of the profile: earth brown, the ray in the clear/blocked colour, Fresnel zones in blue. */
export const PROFILE_COLORS = {
  terrain: '#8d6e63',
  fresnel: '#42a5f5',
  fresnel60: '#1565c0',
  obstruction: '#d32f2f',
} as const;

const CHART_HEIGHT = 320;
const SERIES = {
  terrain: 'Terrain + earth curvature',
  ray: 'Line of sight',
  fresnel: 'First Fresnel zone',
  fresnel60: '60% Fresnel line',
} as const;
const LEGEND_ORDER: string[] = [SERIES.terrain, SERIES.ray, SERIES.fresnel, SERIES.fresnel60];
const km = (value: number) => `${Number(value.toFixed(2))}`;
const metres = (value: number) => `${Math.round(value)}`;

interface ProfileChartProps {
  series: ProfileSeries;
  /** The ray's colour: green when clear, red when blocked (as the line on the map). */
  rayColor: string;
}

/**
 * The elevation profile of one tower's path (tower at 0 km, target at the far end): the terrain with
 * the earth's bulge filled, the straight ray, the first Fresnel zone around it, the 60% line, and
 * the point nearest to (or cutting) the ray. Recharts, loaded only with this chart.
 */
export default function ProfileChart({ series, rayColor }: ProfileChartProps) {
  const { data, yDomain, yTicks, xTicks, lengthKm, obstruction } = series;
  return (
    <div style={{ width: '100%', height: CHART_HEIGHT }}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 16, right: 24, bottom: 24, left: 12 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e0e0e0" />
          <XAxis
            type="number"
            dataKey="distance_km"
            domain={[0, lengthKm]}
            ticks={xTicks}
            tickFormatter={km}
            tick={{ fontSize: 12 }}
            label={{ value: 'Distance from tower (km)', position: 'insideBottom', offset: -12 }}
          />
          <YAxis
            type="number"
            domain={yDomain}
            ticks={yTicks}
            tick={{ fontSize: 12 }}
            allowDataOverflow
            tickFormatter={metres}
            width={64}
            label={{ value: 'Elevation (m)', angle: -90, position: 'insideLeft', offset: 0, style: { textAnchor: 'middle' } }}
          />
          <Tooltip content={(props) => <ProfileTooltip {...props} />} />
          <Legend verticalAlign="top" height={32} wrapperStyle={{ fontSize: 13 }} itemSorter={(item) => LEGEND_ORDER.indexOf(String(item.value))} />
          <Area
            name={SERIES.fresnel}
            legendType="square"
            dataKey="fresnelBand"
            type="linear"
            stroke={PROFILE_COLORS.fresnel}
            strokeOpacity={0.6}
            fill={PROFILE_COLORS.fresnel}
            fillOpacity={0.15}
            isAnimationActive={false}
          />
          <Area
            name={SERIES.terrain}
            legendType="square"
            dataKey="terrainBand"
            type="linear"
            stroke={PROFILE_COLORS.terrain}
            fill={PROFILE_COLORS.terrain}
            fillOpacity={0.55}
            isAnimationActive={false}
          />
          <Line
            name={SERIES.fresnel60}
            dataKey="fresnel60"
            type="linear"
            stroke={PROFILE_COLORS.fresnel60}
            strokeDasharray="6 4"
            dot={false}
            isAnimationActive={false}
          />
          <Line name={SERIES.ray} dataKey="ray" type="linear" stroke={rayColor} strokeWidth={2.5} dot={false} isAnimationActive={false} />
          {obstruction && <ReferenceLine x={obstruction.distance_km} stroke={PROFILE_COLORS.obstruction} strokeDasharray="3 3" ifOverflow="hidden" />}
          {obstruction && (
            <ReferenceDot
              x={obstruction.distance_km}
              y={obstruction.height_m}
              r={6}
              fill={obstruction.blocks ? PROFILE_COLORS.obstruction : '#ffffff'}
              stroke={PROFILE_COLORS.obstruction}
              strokeWidth={2}
              ifOverflow="extendDomain"
              label={{
                value: obstruction.blocks ? 'Obstruction' : 'Closest point',
                // Beside the dot, towards the middle of the chart: above it, a label near either end ran past the chart's edge.
                position: obstruction.distance_km > lengthKm / 2 ? 'left' : 'right',
                offset: 10,
                fill: PROFILE_COLORS.obstruction,
                fontSize: 12,
                fontWeight: 600,
              }}
            />
          )}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

// Plain elements rather than MUI ones: this chunk then shares no module with the pages' chunks, so
// loading it lazily from the admin screen leaves the public pages' chunks as they are.
const tooltipBox = {
  background: '#fff',
  borderRadius: 4,
  boxShadow: '0 2px 8px rgba(0,0,0,0.2)',
  padding: '6px 10px',
  font: '12px/1.5 system-ui, sans-serif',
} as const;

function ProfileTooltip({ active, payload }: TooltipContentProps<TooltipValueType, string | number>) {
  const point = payload?.[0]?.payload as ProfileDatum | undefined;
  if (!active || !point) return null;
  const rows: [string, string][] = [
    ['Terrain + curvature', `${point.terrain.toFixed(1)} m`],
    ['Line of sight', `${point.ray.toFixed(1)} m`],
    ['Clearance', `${(point.ray - point.terrain).toFixed(1)} m`],
    ['Fresnel zone', `${point.fresnelBand[0].toFixed(1)} – ${point.fresnelBand[1].toFixed(1)} m`],
  ];
  return (
    <div style={tooltipBox}>
      <div style={{ fontWeight: 700 }}>{point.distance_km.toFixed(2)} km from the tower</div>
      {rows.map(([label, value]) => (
        <div key={label}>
          {label}: {value}
        </div>
      ))}
    </div>
  );
}
