import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { DEFAULT_ZOOM, EMBED_MAP_CENTER, EMBED_ZOOM_RANGE } from '../../../common/mapDefaults.js';
import { EMBED_DEFAULT_HEIGHT, EMBED_DEFAULT_THEME, EMBED_DEFAULT_WIDTH, EMBED_FRAME_TITLE } from '../embedding/index.js';

/** The data-* options of public/embed.js; keep in step with its header comment. */
const OPTIONS = [
  { name: 'data-search', values: 'true or false', fallback: 'true', effect: 'false hides the address search bar.' },
  {
    name: 'data-height',
    values: 'CSS length: 600px, 40rem, 80vh, 100%',
    fallback: EMBED_DEFAULT_HEIGHT,
    effect:
      "Height of the map. A fixed height (px, em, rem; a bare number means px) then follows the map's own height; a relative one (%, vh) is sized by your page and the map fills it.",
  },
  { name: 'data-width', values: 'CSS length: 100%, 800px', fallback: EMBED_DEFAULT_WIDTH, effect: 'Width of the frame.' },
  { name: 'data-theme', values: 'light or dark', fallback: EMBED_DEFAULT_THEME, effect: 'Map colours.' },
  {
    name: 'data-zoom',
    values: `${EMBED_ZOOM_RANGE.min} to ${EMBED_ZOOM_RANGE.max}`,
    fallback: `The public map's; ${DEFAULT_ZOOM} with data-location`,
    effect: 'Starting zoom, from the whole world (1) to street level (18).',
  },
  {
    name: 'data-location',
    values: 'latitude,longitude',
    fallback: `The public map's (${EMBED_MAP_CENTER.lat},${EMBED_MAP_CENTER.lng} before there is any coverage)`,
    effect: "Where the map is centred at first. Without data-location and data-zoom the map opens where this site's public map opens, around its coverage.",
  },
  {
    name: 'data-target',
    values: 'CSS selector, e.g. #coverage-map',
    fallback: 'none',
    effect: 'Put the map inside this element instead of right after the script tag.',
  },
  { name: 'data-title', values: 'text', fallback: EMBED_FRAME_TITLE, effect: "The frame's name for screen readers." },
];

export function ScriptEmbedOptionsTable() {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Script embed options">
        <TableHead>
          <TableRow>
            <TableCell>Attribute</TableCell>
            <TableCell>Values</TableCell>
            <TableCell>Default</TableCell>
            <TableCell>What it does</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {OPTIONS.map((option) => (
            <TableRow key={option.name}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <code>{option.name}</code>
              </TableCell>
              <TableCell>{option.values}</TableCell>
              {/* Wraps: some defaults are a sentence ("The public map's …"), and the table must not scroll sideways. */}
              <TableCell>
                <code>{option.fallback}</code>
              </TableCell>
              <TableCell>{option.effect}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
