import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import { errorMessage } from '../../api/ApiError.js';
import type { NoticeSeverity } from '../../ui/useNotice.js';
import { formatDateTime } from '../../ui/reportPeriod.js';
import { visuallyHidden } from '../../ui/visuallyHidden.js';
import { DeliveryStatusChip } from './DeliveryStatusChip.js';
import { useNow } from './useNow.js';
import { DELIVERIES_LIMIT, PENDING_REFRESH_MS, useRedeliver, useSendTestEvent, useWebhookDeliveries } from './webhookQueries.js';
import { agoText, deliveryStatusText, nextAttemptText, waitingBehindOlder } from './webhookText.js';
import type { WebhookDelivery, WebhookEndpoint } from '../../../common/api/webhooks.js';
import { RetryAlert } from '../../ui/RetryAlert.js';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

interface DeliveriesDialogProps {
  endpoint: WebhookEndpoint;
  onClose: () => void;
  onResult: (severity: NoticeSeverity, message: string) => void;
}

/** An endpoint's deliveries, newest first: outcome, attempts, times, the receiver's answer, and Redeliver. */
export function DeliveriesDialog({ endpoint, onClose, onResult }: DeliveriesDialogProps) {
  const titleId = useId();
  const deliveries = useWebhookDeliveries(endpoint.id);
  const sendTest = useSendTestEvent();
  const redeliver = useRedeliver();
  const now = useNow(PENDING_REFRESH_MS);
  const list = useMemo(() => deliveries.data ?? [], [deliveries.data]);
  const queuedBehind = useMemo(() => waitingBehindOlder(list), [list]);

  const runTest = () =>
    sendTest.mutate(endpoint.id, {
      onSuccess: () => onResult('success', 'Test event queued'),
      onError: (error) => onResult('error', errorMessage(error, 'Failed to send a test event')),
    });
  const runRedeliver = (delivery: WebhookDelivery) =>
    redeliver.mutate(
      { endpointId: endpoint.id, deliveryId: delivery.id },
      {
        onSuccess: () => onResult('success', `Redelivery of ${delivery.type} queued`),
        onError: (error) => onResult('error', errorMessage(error, 'Failed to redeliver')),
      },
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth scroll="paper">
      <DialogTitle id={titleId} sx={{ pr: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Box sx={{ minWidth: 0 }}>
            Deliveries
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {endpoint.url}
            </Typography>
          </Box>
          <Button variant="outlined" size="small" onClick={runTest} disabled={sendTest.isPending || !endpoint.enabled}>
            {sendTest.isPending ? 'Sending...' : 'Send test event'}
          </Button>
        </Stack>
      </DialogTitle>
      <DialogContent dividers sx={{ position: 'relative' }}>
        {deliveries.isFetching && <LinearProgress aria-label="Loading deliveries" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
        {deliveries.isError && (
          <RetryAlert onRetry={() => void deliveries.refetch()}>Could not load the deliveries. {errorMessage(deliveries.error, '')}</RetryAlert>
        )}
        {deliveries.isSuccess && list.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            Nothing has been sent to this endpoint yet. Send a test event to try it.
          </Typography>
        )}
        {list.length > 0 && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              The newest {DELIVERIES_LIMIT} deliveries. Retries of one event keep its webhook-id, so the receiver can tell them apart from new events.
            </Typography>
            <TableContainer>
              <Table size="small" aria-label="Deliveries" sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Event</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell align="right">Attempts</TableCell>
                    <TableCell>Last attempt</TableCell>
                    <TableCell>Next retry</TableCell>
                    <TableCell>Response</TableCell>
                    <TableCell>
                      <Box component="span" sx={visuallyHidden}>
                        Actions
                      </Box>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.map((delivery) => (
                    <TableRow key={delivery.id}>
                      <TableCell>
                        <Typography variant="body2" sx={{ fontFamily: MONO }}>
                          {delivery.type}
                        </Typography>
                        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: MONO, overflowWrap: 'anywhere' }}>
                          {delivery.message_id}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <DeliveryStatusChip status={delivery.status} label={deliveryStatusText(delivery)} />
                      </TableCell>
                      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {delivery.attempts}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {delivery.last_attempt_at ? (
                          <Tooltip title={formatDateTime(delivery.last_attempt_at)}>
                            <span>{agoText(delivery.last_attempt_at, now)}</span>
                          </Tooltip>
                        ) : (
                          'not yet'
                        )}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {delivery.next_attempt_at ? (
                          <Tooltip title={formatDateTime(delivery.next_attempt_at)}>
                            <span>{nextAttemptText(delivery, queuedBehind.has(delivery.id), now)}</span>
                          </Tooltip>
                        ) : (
                          nextAttemptText(delivery, false, now)
                        )}
                      </TableCell>
                      <TableCell sx={{ maxWidth: 320 }}>
                        <ResponseExcerpt delivery={delivery} />
                      </TableCell>
                      <TableCell align="right">
                        <Button
                          size="small"
                          onClick={() => runRedeliver(delivery)}
                          // A pending delivery is still to be sent: redelivering it would send the event twice.
                          disabled={redeliver.isPending || delivery.status === 'pending'}
                          aria-label={`Redeliver ${delivery.type} ${delivery.message_id}`}
                        >
                          Redeliver
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The start of the receiver's answer, or the transport error when there was no answer. */
function ResponseExcerpt({ delivery }: { delivery: WebhookDelivery }) {
  const textShown = delivery.last_response ?? delivery.last_error;
  if (!textShown)
    return (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  return (
    <Typography
      variant="body2"
      title={textShown}
      color={delivery.last_response === null ? 'error' : undefined}
      sx={{ fontFamily: MONO, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 72, overflow: 'hidden' }}
    >
      {textShown}
    </Typography>
  );
}
