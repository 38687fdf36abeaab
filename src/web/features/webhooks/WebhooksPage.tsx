import Add from '@mui/icons-material/Add';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import Button from '@mui/material/Button';
import { useReducer, useState } from 'react';
import { errorMessage } from '../../api/ApiError.js';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { NoticeSnackbar } from '../../ui/NoticeSnackbar.js';
import { EmptyPanel, LoadingPanel, QueryStates } from '../../ui/QueryStates.js';
import { confirmationStep, type ConfirmationState, useDeleteConfirmation } from '../../ui/useDeleteConfirmation.js';
import { useNotice } from '../../ui/useNotice.js';
import { DeliveriesDialog } from './DeliveriesDialog.js';
import { SecretDialog } from './SecretDialog.js';
import { useNow } from './useNow.js';
import { WebhookDialog } from './WebhookDialog.js';
import { PENDING_REFRESH_MS, useDeleteWebhook, useRotateWebhookSecret, useSendTestEvent, useWebhooks } from './webhookQueries.js';
import { WebhooksTable } from './WebhooksTable.js';
import type { WebhookEndpoint } from '../../../common/api/webhooks.js';
import { RetryAlert } from '../../ui/RetryAlert.js';

const DELETED_FALLBACK = 'Webhook endpoint deleted';
const DELETE_FAILED = 'Failed to delete the webhook endpoint';

/** /admin/webhooks: the endpoints that receive signed events (issue 20 §3), their deliveries, secrets and tests. */
export function WebhooksPage() {
  const endpoints = useWebhooks();
  const deleteEndpoint = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const sendTest = useSendTestEvent();
  const { notice, show, close } = useNotice();
  const now = useNow(PENDING_REFRESH_MS);
  /** The open add/edit dialog: `endpoint` null adds one. */
  const [editor, setEditor] = useState<{ endpoint: WebhookEndpoint | null } | null>(null);
  /** A secret to show once: after adding an endpoint or rotating its secret. */
  const [secret, setSecret] = useState<{ url: string; secret: string; reason: 'added' | 'rotated' } | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const deletion = useDeleteConfirmation<WebhookEndpoint>(deleteEndpoint, show, { deleted: DELETED_FALLBACK, failed: DELETE_FAILED });
  const [rotation, dispatchRotation] = useReducer(confirmationStep<WebhookEndpoint>, { item: null, open: false } as ConfirmationState<WebhookEndpoint>);

  const openEditor = (endpoint: WebhookEndpoint | null) => {
    close();
    setEditor({ endpoint });
  };
  const openNew = () => openEditor(null);

  const runTest = (endpoint: WebhookEndpoint) =>
    sendTest.mutate(endpoint.id, {
      onSuccess: () => show('success', `Test event queued for ${endpoint.url}`),
      onError: (error) => show('error', errorMessage(error, 'Failed to send a test event')),
    });

  const confirmRotation = () => {
    const endpoint = rotation.item;
    if (!endpoint) return;
    rotate.mutate(endpoint.id, {
      onSuccess: (answer) => setSecret({ url: endpoint.url, secret: answer.secret, reason: 'rotated' }),
      onError: (error) => show('error', errorMessage(error, 'Failed to rotate the secret')),
      onSettled: () => dispatchRotation({ type: 'close' }),
    });
  };

  return (
    <>
      <AdminPageHeading
        title="Webhooks"
        subtitle="Send leads, waitlist confirmations and coverage news to your CRM or billing system as signed HTTP requests."
        action={
          <Button variant="contained" startIcon={<Add />} onClick={openNew}>
            Add endpoint
          </Button>
        }
      />

      <QueryStates
        query={endpoints}
        loading={<LoadingPanel label="Loading webhook endpoints" />}
        error={<RetryAlert onRetry={() => void endpoints.refetch()}>Could not load webhook endpoints. {errorMessage(endpoints.error, '')}</RetryAlert>}
        empty={
          <EmptyPanel
            icon={<WebhookOutlined color="action" sx={{ fontSize: 48 }} />}
            title="No webhook endpoints yet"
            text="Add the URL of a receiver (UISP, Splynx, Sonar, your own script) and choose the events it should get."
            actions={
              <Button variant="outlined" startIcon={<Add />} onClick={openNew}>
                Add your first endpoint
              </Button>
            }
          />
        }
      >
        {(list) => (
          <WebhooksTable
            endpoints={list}
            now={now}
            testingId={sendTest.isPending ? (sendTest.variables ?? null) : null}
            onDeliveries={(endpoint) => {
              close();
              setLogOf(endpoint);
            }}
            onTest={runTest}
            onRotate={(endpoint) => dispatchRotation({ type: 'ask', item: endpoint })}
            onEdit={openEditor}
            onDelete={deletion.ask}
          />
        )}
      </QueryStates>

      {editor && (
        <WebhookDialog
          key={editor.endpoint?.id ?? 'new'}
          endpoint={editor.endpoint}
          onClose={() => setEditor(null)}
          onCreated={(created, message) => {
            show('success', message);
            setSecret({ url: created.url, secret: created.secret, reason: 'added' });
          }}
          onUpdated={(message) => show('success', message)}
        />
      )}
      {secret && <SecretDialog url={secret.url} secret={secret.secret} reason={secret.reason} onClose={() => setSecret(null)} />}
      {logOf && (
        <DeliveriesDialog
          key={logOf.id}
          endpoint={endpoints.data?.find((endpoint) => endpoint.id === logOf.id) ?? logOf}
          onClose={() => setLogOf(null)}
          onResult={show}
        />
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title={deletion.item ? `Delete the endpoint ${deletion.item.url}?` : 'Delete endpoint?'}
        message="Are you sure you want to delete this webhook endpoint?"
        detail="Its pending deliveries are dropped and its log goes with it. This cannot be undone."
      />
      <ConfirmDialog
        open={rotation.open}
        pending={rotate.isPending}
        title="Rotate the signing secret?"
        message={rotation.item ? `A new secret will sign every delivery to ${rotation.item.url} from now on.` : ''}
        detail="The receiver must be given the new secret: until then it cannot verify deliveries. The old secret stops working at once."
        confirmLabel="Rotate secret"
        pendingLabel="Rotating..."
        onConfirm={confirmRotation}
        onCancel={() => dispatchRotation({ type: 'close' })}
      />
      <NoticeSnackbar notice={notice} onClose={close} />
    </>
  );
}
