import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PolylineOutlined from '@mui/icons-material/PolylineOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { PUBLIC_MAP_CENTER } from '../../../common/mapDefaults.js';
import { errorMessage } from '../../api/ApiError.js';
import { ConfiguredBaseMap } from '../../map/ConfiguredBaseMap.js';
import type { LatLng } from '../../map/mapTypes.js';
import { PointMarker } from '../../map/PointMarker.js';
import { useStartView } from '../../map/useStartView.js';
import { type OutlineTool, ZoneOutlineDrawing } from './ZoneOutlineDrawing.js';
import { ZONE_FILE_ACCEPT, zoneFileProblem } from './zoneFile.js';
import type { ZoneGeometry } from '../../../common/api/zones.js';
import { EDITABLE_VERTEX_LIMIT, editableRings, outlineSummary } from './zoneOutline.js';
import { useGeometryFromFile } from './zonesQueries.js';

const MAP_HEIGHT = 420;

/** What to do next, under the tools, for the tool in use (no tool: with or without an outline yet). */
const TOOL_HELP = {
  draw: 'Click the map to add corners; click the first corner to close the outline. Esc drops the unfinished polygon.',
  edit: 'Click the outline to select it, then drag it or its corners; click or drag a midpoint to add a corner, right-click a corner to remove it.',
  none: 'Draw the outline on the map, or upload a KML, KMZ or GeoJSON file.',
  noneWithOutline: 'Choose Edit to change the outline, Clear to draw another, or upload a file to replace it.',
} as const;

function toolHelp(tool: OutlineTool, hasOutline: boolean): string {
  return tool === 'none' && hasOutline ? TOOL_HELP.noneWithOutline : TOOL_HELP[tool];
}

interface ZoneOutlineEditorProps {
  geometry: ZoneGeometry | null;
  onChange: (geometry: ZoneGeometry | null) => void;
  /** The tool in use; the dialog keeps it (Esc must not close the dialog while drawing). */
  tool: OutlineTool;
  onToolChange: (tool: OutlineTool) => void;
  /** Why the outline cannot be saved (none yet), shown under the map. */
  problem: string | null;
  /** Where the server said the outline crosses itself, marked on the map. */
  crossing: LatLng | null;
}

/** The zone's outline: drawn on the map (terra-draw: polygon, select to edit, clear) or read from an uploaded file. */
export function ZoneOutlineEditor({ geometry, onChange, tool, onToolChange, problem, crossing }: ZoneOutlineEditorProps) {
  const view = useStartView(PUBLIC_MAP_CENTER);
  const fileInput = useRef<HTMLInputElement>(null);
  const fromFile = useGeometryFromFile();
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const editable = geometry === null || editableRings(geometry) !== null;

  const readFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = zoneFileProblem(file);
    setFileProblem(refused);
    if (refused) return;
    fromFile.mutate(file, {
      onSuccess: (outline) => {
        onToolChange('none');
        onChange(outline);
      },
      onError: (error) => setFileProblem(`${file.name}: ${errorMessage(error, 'the file could not be read')}`),
    });
  };

  const clear = () => {
    setFileProblem(null);
    onChange(null);
    onToolChange('draw');
  };

  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle2" component="h3" sx={{ mr: 1 }}>
          Outline
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={tool === 'none' ? null : tool}
          onChange={(_event, next: OutlineTool | null) => onToolChange(next ?? 'none')}
          aria-label="Drawing tool"
        >
          <ToggleButton value="draw" disabled={!editable}>
            <PolylineOutlined fontSize="small" sx={{ mr: 0.5 }} />
            Draw
          </ToggleButton>
          <ToggleButton value="edit" disabled={!editable || geometry === null}>
            <EditOutlined fontSize="small" sx={{ mr: 0.5 }} />
            Edit
          </ToggleButton>
        </ToggleButtonGroup>
        <Button size="small" startIcon={<DeleteOutline />} onClick={clear} disabled={geometry === null}>
          Clear
        </Button>
        <Button size="small" startIcon={<UploadFile />} onClick={() => fileInput.current?.click()} disabled={fromFile.isPending}>
          {fromFile.isPending ? 'Reading file...' : 'Upload KML, KMZ or GeoJSON'}
        </Button>
        <input ref={fileInput} type="file" accept={ZONE_FILE_ACCEPT} hidden onChange={readFile} data-testid="zone-file-input" />
        <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }} aria-live="polite" data-testid="zone-outline-summary">
          {outlineSummary(geometry)}
        </Typography>
      </Stack>
      <Paper variant="outlined" sx={{ height: MAP_HEIGHT, overflow: 'hidden' }}>
        <ConfiguredBaseMap theme="light" center={view.center} zoom={view.zoom} bounds={view.bounds} label="Zone outline map">
          <ZoneOutlineDrawing geometry={geometry} tool={tool} onChange={onChange} onPolygonClosed={() => onToolChange('edit')} />
          {crossing && <PointMarker point={crossing} label="Where the outline crosses itself" camera="ease" />}
        </ConfiguredBaseMap>
      </Paper>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {editable
          ? toolHelp(tool, geometry !== null)
          : `This outline has holes or more than ${EDITABLE_VERTEX_LIMIT.toLocaleString('en-US')} vertices, so it is shown as it is: Clear it to draw another, or upload a new file.`}
      </Typography>
      {(fileProblem ?? problem) && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {fileProblem ?? problem}
        </Alert>
      )}
    </Box>
  );
}
