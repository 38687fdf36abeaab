import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Terrain from '@mui/icons-material/Terrain';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import type { TerrainTile } from '../../../common/api/lineOfSight.js';
import { errorMessage } from '../../api/ApiError.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { visuallyHidden } from '../../ui/visuallyHidden.js';
import { useDeleteTerrainTile, useTerrainTiles, useUploadTerrainTile } from './lineOfSightQueries.js';
import { formatArcSeconds, formatBytes } from './losFormat.js';
import { LOS_COLORS } from './losMapLayers.js';
import { TERRAIN_FILE_ACCEPT, terrainFileProblem } from './terrainFile.js';
import { UploadProgress } from '../../ui/UploadProgress.js';

const UPLOAD_FAILED = 'Failed to upload terrain tile';
const DELETE_FAILED = 'Failed to delete terrain tile';

interface Outcome {
  severity: 'success' | 'error';
  message: string;
}

/**
 * The Terrain card (issue 8): SRTM tiles uploaded for line of sight, listed with their resolution
 * and size, removable; their footprints are outlined on the map above.
 */
export function TerrainCard() {
  const headingId = useId();
  const tiles = useTerrainTiles();
  const upload = useUploadTerrainTile();
  const remove = useDeleteTerrainTile();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [toDelete, setToDelete] = useState<TerrainTile | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const send = (file: File | undefined) => {
    if (!file) return;
    const problem = terrainFileProblem(file);
    if (problem) {
      setOutcome({ severity: 'error', message: problem });
      return;
    }
    setOutcome(null);
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (envelope) => setOutcome({ severity: 'success', message: envelope.message ?? `Terrain tile ${envelope.data?.name ?? file.name} loaded` }),
        onError: (error) => setOutcome({ severity: 'error', message: errorMessage(error, UPLOAD_FAILED) }),
        onSettled: () => setProgress(null),
      },
    );
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.name, {
      onSuccess: (envelope) => setOutcome({ severity: 'success', message: envelope.message ?? `Terrain tile ${toDelete.name} removed` }),
      onError: (error) => setOutcome({ severity: 'error', message: errorMessage(error, DELETE_FAILED) }),
      onSettled: () => setConfirmOpen(false),
    });
  };

  const uploading = upload.isPending;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, height: '100%' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Terrain sx={{ color: LOS_COLORS.terrainTile }} aria-hidden />
          <Typography id={headingId} variant="h6" component="h2">
            Terrain
          </Typography>
        </Stack>
        <Button variant="outlined" size="small" startIcon={<UploadFile />} disabled={uploading} onClick={() => fileInput.current?.click()}>
          {uploading ? 'Uploading...' : 'Upload tile'}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={TERRAIN_FILE_ACCEPT}
          aria-label="Terrain tile file"
          style={visuallyHidden}
          tabIndex={-1}
          onChange={(event) => {
            send(event.target.files?.[0]);
            // Choosing the same file again must upload again.
            event.target.value = '';
          }}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        SRTM elevation tiles (.hgt, .hgt.zip or .hgt.gz, 1″ or 3″, up to 100 MB each) for line of sight. Where no tile covers a path, it is analysed on flat
        ground (earth curvature only).
      </Typography>

      {progress !== null && (
        <UploadProgress fraction={progress} sending={(percent) => `Uploading tile... ${percent}%`} processing="Tile uploaded. Checking it on the server..." />
      )}
      {outcome && (
        <Alert severity={outcome.severity} onClose={() => setOutcome(null)} sx={{ mt: 1.5 }}>
          {outcome.message}
        </Alert>
      )}

      {tiles.isPending && <LinearProgress sx={{ mt: 2 }} aria-label="Loading terrain tiles" />}
      {tiles.isError && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {errorMessage(tiles.error, 'Failed to load terrain tiles')}
        </Alert>
      )}
      {tiles.isSuccess && tiles.data.length === 0 && (
        <Typography sx={{ mt: 2 }} color="text.secondary">
          No terrain tiles loaded yet.
        </Typography>
      )}
      {tiles.isSuccess && tiles.data.length > 0 && (
        <Table size="small" aria-label="Terrain tiles" sx={{ mt: 1, '& th, & td': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell>Tile</TableCell>
              <TableCell>Resolution</TableCell>
              <TableCell align="right">Size</TableCell>
              <TableCell align="right" sx={{ width: 48 }}>
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tiles.data.map((tile) => (
              <TableRow key={tile.name}>
                <TableCell sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}>{tile.name}</TableCell>
                <TableCell>{formatArcSeconds(tile.arc_seconds)}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {formatBytes(tile.bytes)}
                </TableCell>
                <TableCell align="right" sx={{ py: 0 }}>
                  <Tooltip title={`Delete ${tile.name}`}>
                    <IconButton
                      size="small"
                      aria-label={`Delete terrain tile ${tile.name}`}
                      onClick={() => {
                        setToDelete(tile);
                        setConfirmOpen(true);
                      }}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      <ConfirmDialog
        open={confirmOpen}
        title={toDelete ? `Delete ${toDelete.name}?` : 'Delete terrain tile?'}
        message={toDelete ? `Are you sure you want to delete the terrain tile ${toDelete.name}?` : 'Are you sure you want to delete this terrain tile?'}
        detail="Paths over its square are analysed on other terrain data, or on flat ground, from now on."
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirmOpen(false)}
      />
    </Paper>
  );
}
