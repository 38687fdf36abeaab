import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Forest from '@mui/icons-material/Forest';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { type ClutterArea, CLUTTER_CLASS_LABELS, CLUTTER_CLASSES, type ClutterClass } from '../../../common/api/clutterAreas.js';
import { errorMessage } from '../../api/ApiError.js';
import { CLUTTER_CLASS_COLORS } from '../../map/clutterAreaLayers.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { formatDateTime } from '../../ui/reportPeriod.js';
import { useDeleteConfirmation } from '../../ui/useDeleteConfirmation.js';
import type { NoticeSeverity } from '../../ui/useNotice.js';
import { visuallyHidden } from '../../ui/visuallyHidden.js';
import { CLUTTER_FILE_ACCEPT, clutterFileProblem } from './clutterAreaFile.js';
import { useClutterAreas, useDeleteClutterArea, useUploadClutterArea } from './clutterAreaQueries.js';
import { SettingsCard } from './SettingsCard.js';
import { SettingsLoadState } from './SettingsLoadState.js';
import { UploadProgress } from '../../ui/UploadProgress.js';

const UPLOAD_FAILED = 'Failed to upload the clutter area';

/** Columns a phone leaves out: their figures go under the name instead. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

interface ClutterAreasCardProps {
  onResult: (severity: NoticeSeverity, message: string) => void;
}

/** The clutter areas (issue 19 §4): polygons of a class uploaded as KML, KMZ or GeoJSON, listed newest first, deletable. */
export function ClutterAreasCard({ onResult }: ClutterAreasCardProps) {
  const areas = useClutterAreas();
  const remove = useDeleteClutterArea();
  const deletion = useDeleteConfirmation<ClutterArea>(remove, onResult, {
    deleted: 'Clutter area deleted successfully',
    failed: 'Failed to delete the clutter area',
  });

  return (
    <SettingsCard
      headingId="clutter-areas-heading"
      icon={<Forest color="primary" />}
      title="Clutter areas"
      description={
        <>
          Forests, suburbs, city blocks and water drawn as polygons. Inside an area its class&apos;s height (Radio model above) stands on the terrain instead of
          the uniform clutter height. Uploading or deleting one recomputes the wireless footprints.
        </>
      }
    >
      <ClutterUploadForm onResult={onResult} />
      <SettingsLoadState query={areas} loadingLabel="Loading the clutter areas" failedText="Could not load the clutter areas." />
      {areas.isSuccess && areas.data.length === 0 && (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          No clutter areas yet: the uniform clutter height applies everywhere.
        </Typography>
      )}
      {areas.isSuccess && areas.data.length > 0 && (
        <TableContainer sx={{ mt: 2 }}>
          <Table size="small" aria-label="Clutter areas" sx={{ '& td, & th': { px: 1 } }}>
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Class</TableCell>
                <TableCell align="right" sx={WIDE_ONLY}>
                  Polygons
                </TableCell>
                <TableCell align="right" sx={WIDE_ONLY}>
                  Vertices
                </TableCell>
                <TableCell sx={WIDE_ONLY}>File</TableCell>
                <TableCell sx={WIDE_ONLY}>Uploaded</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {areas.data.map((area) => (
                <TableRow key={area.id}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {area.name}
                    <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                      {countOf(area.polygon_count, 'polygon')}, uploaded {formatDateTime(area.created_at)}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <ClassSwatch clutterClass={area.clutter_class} />
                    {CLUTTER_CLASS_LABELS[area.clutter_class]}
                  </TableCell>
                  <TableCell align="right" sx={{ ...WIDE_ONLY, fontVariantNumeric: 'tabular-nums' }}>
                    {area.polygon_count.toLocaleString()}
                  </TableCell>
                  <TableCell align="right" sx={{ ...WIDE_ONLY, fontVariantNumeric: 'tabular-nums' }}>
                    {area.vertex_count.toLocaleString()}
                  </TableCell>
                  <TableCell sx={{ ...WIDE_ONLY, overflowWrap: 'anywhere' }}>{area.file_name}</TableCell>
                  <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>{formatDateTime(area.created_at)}</TableCell>
                  <TableCell align="right" sx={{ py: 0 }}>
                    <Tooltip title="Delete" describeChild>
                      <IconButton aria-label={`Delete ${area.name}`} color="error" onClick={() => deletion.ask(area)}>
                        <DeleteOutline />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title={deletion.item ? `Delete ${deletion.item.name}?` : 'Delete clutter area?'}
        message={
          deletion.item ? `Are you sure you want to delete the clutter area "${deletion.item.name}"?` : 'Are you sure you want to delete this clutter area?'
        }
        detail="Its ground takes the uniform clutter height again, and the wireless footprints are recomputed. This cannot be undone."
      />
    </SettingsCard>
  );
}

const countOf = (count: number, noun: string) => `${count.toLocaleString()} ${count === 1 ? noun : `${noun}s`}`;

/** A square of the class's colour on the Line of Sight map. */
function ClassSwatch({ clutterClass }: { clutterClass: ClutterClass }) {
  const color = CLUTTER_CLASS_COLORS[clutterClass];
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ display: 'inline-block', width: 12, height: 12, mr: 1, verticalAlign: '-1px', border: `2px solid ${color}`, bgcolor: `${color}55` }}
    />
  );
}

/**
 * Chooses a file, its class and an optional name, and uploads them with the progress shown. A
 * refusal (the server says what was wrong with the file) stays above the form with the choices
 * kept, so the file can be sent again once fixed.
 */
function ClutterUploadForm({ onResult }: ClutterAreasCardProps) {
  const formId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadClutterArea();
  const [file, setFile] = useState<File | null>(null);
  const [clutterClass, setClutterClass] = useState<ClutterClass | ''>('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [classMissing, setClassMissing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  const submit = () => {
    const fileProblem = file ? clutterFileProblem(file) : 'Choose a KML, KMZ or GeoJSON file first.';
    setClassMissing(clutterClass === '');
    if (fileProblem || clutterClass === '' || !file) {
      setProblem(fileProblem);
      return;
    }
    setProblem(null);
    setProgress(0);
    upload.mutate(
      { file, clutterClass, name, onProgress: setProgress },
      {
        onSuccess: (envelope) => {
          onResult('success', envelope.message ?? 'Clutter area uploaded successfully');
          setFile(null);
          setName('');
        },
        onError: (error) => setProblem(errorMessage(error, UPLOAD_FAILED)),
        onSettled: () => setProgress(null),
      },
    );
  };

  const busy = upload.isPending;
  return (
    <Box
      component="form"
      id={formId}
      noValidate
      aria-label="Upload a clutter area"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ mt: 2 }}
    >
      {problem && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 56 }}>
            <Button variant="outlined" startIcon={<UploadFile />} onClick={() => inputRef.current?.click()} disabled={busy} sx={{ flexShrink: 0 }}>
              Choose file
            </Button>
            <Typography variant="body2" data-testid="chosen-clutter-file" sx={{ overflowWrap: 'anywhere' }}>
              {file ? file.name : 'No file chosen'}
            </Typography>
            <input
              ref={inputRef}
              type="file"
              style={visuallyHidden}
              tabIndex={-1}
              accept={CLUTTER_FILE_ACCEPT}
              aria-label="Clutter area file"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                if (chosen) {
                  setFile(chosen);
                  setProblem(clutterFileProblem(chosen));
                }
                // Choosing the same file again must be taken again.
                event.target.value = '';
              }}
            />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            select
            label="Clutter class"
            value={clutterClass}
            onChange={(event) => {
              setClutterClass(event.target.value as ClutterClass);
              setClassMissing(false);
            }}
            error={classMissing}
            helperText={classMissing ? 'Choose the class of the area' : 'What stands in the area'}
            required
            fullWidth
            disabled={busy}
          >
            {CLUTTER_CLASSES.map((value) => (
              <MenuItem key={value} value={value}>
                {CLUTTER_CLASS_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} helperText="Blank: from the file" fullWidth disabled={busy} />
        </Grid>
        <Grid size={{ xs: 12, md: 2 }} sx={{ display: 'flex', alignItems: 'center', minHeight: { md: 56 } }}>
          <Button type="submit" variant="contained" disabled={busy} fullWidth>
            {busy ? 'Uploading...' : 'Upload'}
          </Button>
        </Grid>
      </Grid>
      {progress !== null && (
        <UploadProgress
          fraction={progress}
          sending={(percent) => `Uploading... ${percent}%`}
          processing="File uploaded. Reading its polygons on the server..."
        />
      )}
    </Box>
  );
}
