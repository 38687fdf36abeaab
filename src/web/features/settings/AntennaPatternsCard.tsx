import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import SettingsInputAntenna from '@mui/icons-material/SettingsInputAntenna';
import ShowChart from '@mui/icons-material/ShowChart';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { AntennaPatternSummary } from '../../../common/api/antennaPatterns.js';
import { countText } from '../../../common/countText.js';
import { errorMessage } from '../../api/ApiError.js';
import { beamText } from '../../ui/antennaBeamText.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { useDeleteConfirmation } from '../../ui/useDeleteConfirmation.js';
import type { NoticeSeverity } from '../../ui/useNotice.js';
import { useAntennaPattern, useAntennaPatterns, useDeleteAntennaPattern } from './antennaPatternQueries.js';
import { beamwidthText, FORMAT_LABELS } from './antennaPatternText.js';
import { PatternPolarPlot } from './PatternPolarPlot.js';
import { PatternUploadDialog } from './PatternUploadDialog.js';
import { SettingsCard } from './SettingsCard.js';
import { SettingsLoadState } from './SettingsLoadState.js';

interface AntennaPatternsCardProps {
  onResult: (severity: NoticeSeverity, message: string) => void;
}

/** Columns a phone leaves out: their figures go under the name instead. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The antenna pattern library: the built-ins and uploads, each with its polar plots; upload and delete. */
export function AntennaPatternsCard({ onResult }: AntennaPatternsCardProps) {
  const patterns = useAntennaPatterns();
  const remove = useDeleteAntennaPattern();
  const deletion = useDeleteConfirmation<AntennaPatternSummary>(remove, onResult, {
    deleted: 'Antenna pattern deleted successfully',
    failed: 'Failed to delete the antenna pattern',
  });
  const [uploading, setUploading] = useState(false);
  /** The pattern plotted; the first of the list until one is chosen. */
  const [chosenId, setChosenId] = useState<number | null>(null);
  const list = patterns.data ?? [];
  const plotted = list.find((pattern) => pattern.id === chosenId) ?? list[0] ?? null;

  return (
    <SettingsCard
      headingId="antenna-patterns-heading"
      icon={<SettingsInputAntenna color="primary" />}
      title="Antenna patterns"
      description={
        <>
          The patterns a tower&apos;s sectors use: how much weaker than its peak each antenna sends in every direction. Upload your vendors&apos; files, or
          start from the built-in generic sectors and dish.
        </>
      }
    >
      <SettingsLoadState query={patterns} loadingLabel="Loading the antenna patterns" failedText="Could not load the antenna patterns." />
      {patterns.isSuccess && (
        <>
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
            <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setUploading(true)}>
              Upload Pattern
            </Button>
          </Stack>
          <TableContainer sx={{ mt: 1 }}>
            <Table size="small" aria-label="Antenna patterns" sx={{ '& td, & th': { px: 1 } }}>
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell sx={WIDE_ONLY}>Format</TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>
                    Gain
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>Beamwidth (H × V)</TableCell>
                  <TableCell>Used by</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((pattern) => (
                  <TableRow key={pattern.id} selected={pattern.id === plotted?.id}>
                    <TableCell>
                      {pattern.name}
                      <Typography variant="caption" component="div" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        Id {pattern.id}
                        {pattern.file_name && `, ${pattern.file_name}`}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                        {gainText(pattern.peak_gain_dbi)}, {beamwidthText(pattern)}
                      </Typography>
                    </TableCell>
                    <TableCell sx={WIDE_ONLY}>{FORMAT_LABELS[pattern.format]}</TableCell>
                    <TableCell align="right" sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
                      {gainText(pattern.peak_gain_dbi)}
                    </TableCell>
                    <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>{beamwidthText(pattern)}</TableCell>
                    <TableCell>{pattern.sector_count === 0 ? 'No sectors' : countText(pattern.sector_count, 'sector')}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title="Plot" describeChild>
                        <IconButton aria-label={`Plot ${pattern.name}`} aria-pressed={pattern.id === plotted?.id} onClick={() => setChosenId(pattern.id)}>
                          <ShowChart />
                        </IconButton>
                      </Tooltip>
                      {pattern.builtin ? (
                        <Chip size="small" label="Built-in" sx={{ ml: 0.5 }} />
                      ) : (
                        <Tooltip title="Delete" describeChild>
                          <IconButton aria-label={`Delete ${pattern.name}`} color="error" onClick={() => deletion.ask(pattern)}>
                            <DeleteOutline />
                          </IconButton>
                        </Tooltip>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {plotted && <PatternPlots pattern={plotted} />}
        </>
      )}
      {uploading && (
        <PatternUploadDialog
          onClose={() => setUploading(false)}
          onUploaded={(pattern, message) => {
            setChosenId(pattern.id);
            onResult('success', message);
          }}
        />
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title={deletion.item ? `Delete ${deletion.item.name}?` : 'Delete pattern?'}
        message={
          deletion.item ? `Are you sure you want to delete the antenna pattern "${deletion.item.name}"?` : 'Are you sure you want to delete this pattern?'
        }
        detail="A pattern a sector uses cannot be deleted: give the sector another pattern first. This cannot be undone."
      />
    </SettingsCard>
  );
}

const gainText = (dbi: number) => `${Number(dbi.toFixed(1))} dBi`;

/** The horizontal and vertical cuts of one pattern, side by side (one above the other on a phone). */
function PatternPlots({ pattern }: { pattern: AntennaPatternSummary }) {
  const detail = useAntennaPattern(pattern.id);
  return (
    <Box component="section" aria-label={`Polar plots of ${pattern.name}`} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {pattern.name}
      </Typography>
      {detail.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={`Loading the plots of ${pattern.name}`} />
        </Box>
      )}
      {detail.isError && (
        <Typography variant="body2" color="error">
          Could not load the pattern. {errorMessage(detail.error, '')}
        </Typography>
      )}
      {detail.data && (
        <Grid container spacing={2} sx={{ mt: 0.5 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <PatternPolarPlot
              cut="horizontal"
              tableDb={detail.data.horizontal_db}
              title="Horizontal pattern"
              summary={`Half-power beamwidth ${beamText(pattern.horizontal_beamwidth_deg)}`}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <PatternPolarPlot
              cut="vertical"
              tableDb={detail.data.vertical_db}
              title="Vertical pattern"
              summary={`Half-power beamwidth ${beamText(pattern.vertical_beamwidth_deg)}`}
            />
          </Grid>
        </Grid>
      )}
    </Box>
  );
}
