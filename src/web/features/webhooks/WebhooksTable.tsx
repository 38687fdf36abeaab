import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { EditDeleteActions } from '../../ui/EditDeleteActions.js';
import { formatCount } from '../../ui/reportFormat.js';
import { formatDateTime } from '../../ui/reportPeriod.js';
import { DeliveryStatusChip } from './DeliveryStatusChip.js';
import { agoText, endpointStateText, lastDeliveryText } from './webhookText.js';
import type { WebhookEndpoint } from '../../../common/api/webhooks.js';

interface WebhooksTableProps {
  endpoints: readonly WebhookEndpoint[];
  now: number;
  /** The endpoint a test event is being queued for, if any. */
  testingId: number | null;
  onDeliveries: (endpoint: WebhookEndpoint) => void;
  onTest: (endpoint: WebhookEndpoint) => void;
  onRotate: (endpoint: WebhookEndpoint) => void;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onDelete: (endpoint: WebhookEndpoint) => void;
}

/** The endpoints: URL, events, state, last delivery and pending count, with their actions. */
export function WebhooksTable({ endpoints, now, testingId, onDeliveries, onTest, onRotate, onEdit, onDelete }: WebhooksTableProps) {
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table aria-label="Webhook endpoints" sx={{ '& td, & th': { py: 1.25, px: 1.5 } }}>
          <TableHead>
            <TableRow>
              <TableCell>Endpoint</TableCell>
              <TableCell>Events</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Last delivery</TableCell>
              <TableCell align="right">Pending</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {endpoints.map((endpoint) => (
              <TableRow key={endpoint.id}>
                <TableCell sx={{ maxWidth: 320 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {endpoint.url}
                  </Typography>
                  {endpoint.description && (
                    <Typography variant="body2" color="text.secondary">
                      {endpoint.description}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ maxWidth: 260 }}>
                  <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                    {endpoint.events.map((type) => (
                      <Chip key={type} size="small" label={type} sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }} />
                    ))}
                  </Stack>
                </TableCell>
                <TableCell sx={{ maxWidth: 240 }}>
                  <Typography
                    variant="body2"
                    sx={{ fontWeight: 600, color: !endpoint.enabled ? 'error.main' : endpoint.failing_since ? 'warning.dark' : 'success.dark' }}
                  >
                    {endpointStateText(endpoint, now)}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {endpoint.last_delivery ? (
                    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                      <DeliveryStatusChip status={endpoint.last_delivery.status} label={lastDeliveryText(endpoint.last_delivery)} />
                      {endpoint.last_delivery.last_attempt_at && (
                        <Tooltip title={formatDateTime(endpoint.last_delivery.last_attempt_at)}>
                          <Typography variant="caption" color="text.secondary">
                            {agoText(endpoint.last_delivery.last_attempt_at, now)}
                          </Typography>
                        </Tooltip>
                      )}
                    </Stack>
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      {lastDeliveryText(null)}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatCount(endpoint.pending_count)}
                </TableCell>
                <TableCell align="right">
                  <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}>
                    <Button size="small" onClick={() => onDeliveries(endpoint)} aria-label={`Deliveries of ${endpoint.url}`}>
                      Deliveries
                    </Button>
                    <Button
                      size="small"
                      onClick={() => onTest(endpoint)}
                      disabled={testingId === endpoint.id || !endpoint.enabled}
                      aria-label={`Send test event to ${endpoint.url}`}
                    >
                      Send test event
                    </Button>
                    <Tooltip title="Rotate secret" describeChild>
                      <IconButton aria-label={`Rotate secret of ${endpoint.url}`} onClick={() => onRotate(endpoint)}>
                        <KeyOutlined />
                      </IconButton>
                    </Tooltip>
                    <EditDeleteActions itemName={endpoint.url} onEdit={() => onEdit(endpoint)} onDelete={() => onDelete(endpoint)} />
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
