import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CoverageLayer } from '../../../common/api/coverageLayers.js';
import { ServiceStatusChip } from '../../ui/ServiceStatusChip.js';
import { assignedColorCount, parseColorMappings } from '../../../common/colorMappings.js';
import { EditDeleteActions } from '../../ui/EditDeleteActions.js';

interface CoverageLayersTableProps {
  layers: readonly CoverageLayer[];
  /** Provider names by id. */
  providerNames: ReadonlyMap<number, string>;
  /** Absent: the role may not change layers (the buttons are not shown). */
  onEdit?: ((layer: CoverageLayer) => void) | undefined;
  onDelete?: ((layer: CoverageLayer) => void) | undefined;
}

/** The coverage layers table: Layer Name, Provider, Services, KML Data, Status, Actions. */
export function CoverageLayersTable({ layers, providerNames, onEdit, onDelete }: CoverageLayersTableProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Coverage layers">
        <TableHead>
          <TableRow>
            <TableCell>Layer Name</TableCell>
            <TableCell>Provider</TableCell>
            <TableCell>Services</TableCell>
            <TableCell>KML Data</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {layers.map((layer) => (
            <TableRow key={layer.id} hover>
              <TableCell>
                <Typography sx={{ fontWeight: 600 }}>{layer.name}</Typography>
                <StatusRule layer={layer} />
              </TableCell>
              <TableCell>{providerNames.get(layer.provider_id) ?? 'Unknown Provider'}</TableCell>
              <TableCell>{layer.services.length > 0 ? layer.services.join(', ') : 'No services'}</TableCell>
              <TableCell>
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <Chip
                    size="small"
                    label={layer.kml_data ? 'Uploaded' : 'No KML'}
                    color={layer.kml_data ? 'primary' : 'default'}
                    variant={layer.kml_data ? 'filled' : 'outlined'}
                  />
                  {layer.kml_data && (
                    <Typography variant="caption" color="text.secondary">
                      {layer.feature_count.toLocaleString()} {layer.feature_count === 1 ? 'feature' : 'features'}
                    </Typography>
                  )}
                </Stack>
              </TableCell>
              <TableCell>
                <Chip size="small" label={layer.active ? 'Active' : 'Inactive'} color={layer.active ? 'success' : 'default'} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <EditDeleteActions itemName={layer.name} onEdit={onEdit && (() => onEdit(layer))} onDelete={onDelete && (() => onDelete(layer))} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** How the layer's polygons get their status: one override status, or N colours given a status of their own. */
function StatusRule({ layer }: { layer: CoverageLayer }) {
  if (layer.use_manual_override && layer.manual_override_status) {
    return (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          All polygons:
        </Typography>
        <ServiceStatusChip status={layer.manual_override_status} />
      </Stack>
    );
  }
  const mapped = assignedColorCount(parseColorMappings(layer.color_mappings));
  if (mapped === 0) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {mapped === 1 ? '1 colour mapped' : `${mapped} colours mapped`}
    </Typography>
  );
}
