import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { directionOf, PLOT_FLOOR_DB, PLOT_RINGS_DB, polarPath, radiusOf } from './patternPolar.js';

const SIZE = 240;
const CENTRE = SIZE / 2;
/** Room outside the rim for the angle labels above and below it. */
const RIM = SIZE / 2 - 34;
/** More room left and right, where the labels run sideways ("Behind", "Ahead"). */
const SIDE_ROOM = 24;
const SPOKES_DEG = [0, 30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 330];

/** How each cut is seen, under its title. */
const VIEW: Record<'horizontal' | 'vertical', string> = {
  horizontal: 'Seen from above: boresight up, degrees clockwise',
  vertical: 'Side view: the horizon ahead to the right',
};

/** The angle labels of each cut: where they sit (degrees of the cut) and what they say. */
const ANGLE_LABELS: Record<'horizontal' | 'vertical', ReadonlyArray<[number, string]>> = {
  horizontal: [
    [0, '0°'],
    [90, '90°'],
    [180, '180°'],
    [270, '270°'],
  ],
  vertical: [
    [0, 'Ahead'],
    [90, 'Down'],
    [180, 'Behind'],
    [270, 'Up'],
  ],
};

interface PatternPolarPlotProps {
  cut: 'horizontal' | 'vertical';
  /** 360 attenuations, dB below the peak, one a degree in the cut's own angles (src/common/api/antennaPatterns.ts). */
  tableDb: readonly number[];
  title: string;
  /** What the plot shows, for a screen reader (e.g. its half-power beamwidth). */
  summary: string;
}

/**
 * One cut of an antenna pattern as a polar plot: dB below the peak, 0 dB at the rim and −40 dB at
 * the centre, rings every 10 dB. The horizontal cut is seen from above (boresight up, clockwise),
 * the vertical one from the side (the horizon ahead to the right, below it downward).
 */
export function PatternPolarPlot({ cut, tableDb, title, summary }: PatternPolarPlotProps) {
  const theme = useTheme();
  const titleId = useId();
  const grid = theme.palette.divider;
  const muted = theme.palette.text.secondary;
  const at = (angleDeg: number, radius: number) => {
    const [dx, dy] = directionOf(cut, angleDeg);
    return { x: CENTRE + dx * radius, y: CENTRE + dy * radius };
  };
  return (
    <Box component="figure" sx={{ m: 0, textAlign: 'center' }}>
      <Box component="figcaption">
        <Typography id={titleId} variant="subtitle2">
          {title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {VIEW[cut]}; dB below the peak
        </Typography>
      </Box>
      <svg
        viewBox={`${-SIDE_ROOM} 0 ${SIZE + 2 * SIDE_ROOM} ${SIZE}`}
        width="100%"
        style={{ maxWidth: SIZE + 2 * SIDE_ROOM }}
        role="img"
        aria-labelledby={titleId}
        aria-description={summary}
      >
        {PLOT_RINGS_DB.map((db) => (
          <circle key={db} cx={CENTRE} cy={CENTRE} r={radiusOf(db, RIM)} fill="none" stroke={grid} strokeWidth={db === 0 ? 1.5 : 1} />
        ))}
        {SPOKES_DEG.map((angle) => {
          const end = at(angle, RIM);
          return <line key={angle} x1={CENTRE} y1={CENTRE} x2={end.x} y2={end.y} stroke={grid} strokeWidth={1} />;
        })}
        {PLOT_RINGS_DB.map((db) => {
          // The dB labels along the spoke 30° off the first label, out of the way of the trace's main lobe.
          const place = at(cut === 'horizontal' ? 150 : 225, radiusOf(db, RIM));
          return (
            <text key={db} x={place.x + 2} y={place.y} fontSize={9} fill={muted}>
              {db === 0 ? '0 dB' : `−${db}`}
            </text>
          );
        })}
        <text x={CENTRE + 3} y={CENTRE - 3} fontSize={9} fill={muted}>
          −{PLOT_FLOOR_DB}
        </text>
        {ANGLE_LABELS[cut].map(([angle, label]) => {
          const place = at(angle, RIM + 4);
          const [dx, dy] = directionOf(cut, angle);
          const anchor = Math.abs(dx) < 0.1 ? 'middle' : dx > 0 ? 'start' : 'end';
          // Beside the rim: left and right labels centred on the axis, the top one above it and the bottom one below.
          const baseline = dy < -0.1 ? place.y - 3 : dy > 0.1 ? place.y + 11 : place.y + 4;
          return (
            <text key={angle} x={place.x} y={baseline} fontSize={10} fill={muted} textAnchor={anchor}>
              {label}
            </text>
          );
        })}
        <path
          d={polarPath(cut, tableDb, CENTRE, CENTRE, RIM)}
          fill={theme.palette.primary.main}
          fillOpacity={0.15}
          stroke={theme.palette.primary.main}
          strokeWidth={1.5}
        />
      </svg>
    </Box>
  );
}
