import Add from '@mui/icons-material/Add';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Provider } from '../../../common/api/providers.js';
import { errorMessage } from '../../api/ApiError.js';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { NoticeSnackbar } from '../../ui/NoticeSnackbar.js';
import { useNotice } from '../../ui/useNotice.js';
import { ApiTestDialog } from './ApiTestDialog.js';
import { ProviderDialog } from './ProviderDialog.js';
import { useDeleteProvider, useProviders, useProviderStats, useSyncMyMaps } from './providerQueries.js';
import { ProvidersTable } from './ProvidersTable.js';

const DELETED_FALLBACK = 'Provider deleted successfully!';
const DELETE_FAILED = 'Failed to delete provider';
const SYNC_FAILED = 'Failed to sync My Maps data';

/** /admin/providers ("Providers Management"). */
export function ProvidersPage() {
  const providers = useProviders();
  const deleteProvider = useDeleteProvider();
  const sync = useSyncMyMaps();
  const { notice, show, close } = useNotice();
  /** The open add/edit dialog: `provider` null adds one. */
  const [editor, setEditor] = useState<{ provider: Provider | null } | null>(null);
  /** The provider of the delete confirmation; kept while it closes so its text does not change. */
  const [toDelete, setToDelete] = useState<Provider | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [toTest, setToTest] = useState<Provider | null>(null);
  const stats = useProviderStats(confirmOpen && toDelete ? toDelete.id : null);

  /** Opening a dialog starts something new, so the last action's notice goes. */
  const openEditor = (provider: Provider | null) => {
    close();
    setEditor({ provider });
  };
  const openNew = () => openEditor(null);

  const runSync = (provider: Provider) =>
    sync.mutate(provider, {
      onSuccess: (envelope) => show('success', envelope.message ?? `Successfully synced ${provider.name} from My Maps!`),
      onError: (error) => show('error', errorMessage(error, SYNC_FAILED)),
    });

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteProvider.mutate(toDelete.id, {
      onSuccess: (envelope) => show('success', envelope.message ?? DELETED_FALLBACK),
      onError: (error) => show('error', errorMessage(error, DELETE_FAILED)),
      onSettled: () => setConfirmOpen(false),
    });
  };

  return (
    <>
      <AdminPageHeading
        title="Providers Management"
        subtitle="Internet providers, their contact details and where their coverage comes from."
        action={
          <Button variant="contained" startIcon={<Add />} onClick={openNew}>
            Add Provider
          </Button>
        }
      />

      {providers.isPending && (
        <Paper variant="outlined" sx={{ p: 6, display: 'flex', justifyContent: 'center' }}>
          <CircularProgress aria-label="Loading providers" />
        </Paper>
      )}
      {providers.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void providers.refetch()}>
              Retry
            </Button>
          }
        >
          Could not load providers. {errorMessage(providers.error, '')}
        </Alert>
      )}
      {providers.isSuccess && providers.data.length === 0 && (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
          <BusinessOutlined color="action" sx={{ fontSize: 48 }} />
          <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
            No providers yet
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Add the internet providers whose coverage the map shows.
          </Typography>
          <Button variant="outlined" startIcon={<Add />} onClick={openNew}>
            Add your first provider
          </Button>
        </Paper>
      )}
      {providers.isSuccess && providers.data.length > 0 && (
        <ProvidersTable
          providers={providers.data}
          syncingId={sync.isPending ? (sync.variables?.id ?? null) : null}
          onEdit={openEditor}
          onDelete={(provider) => {
            setToDelete(provider);
            setConfirmOpen(true);
          }}
          onSync={runSync}
          onTestApi={setToTest}
        />
      )}

      {editor && (
        <ProviderDialog
          key={editor.provider?.id ?? 'new'}
          provider={editor.provider}
          onClose={() => setEditor(null)}
          onResult={show}
        />
      )}
      {toTest && <ApiTestDialog key={toTest.id} provider={toTest} onClose={() => setToTest(null)} />}
      <ConfirmDialog
        open={confirmOpen}
        title={toDelete ? `Delete ${toDelete.name}?` : 'Delete provider?'}
        message="Are you sure you want to delete this provider?"
        detail={`${layersGoingWith(stats.data?.coverage_layers)} This cannot be undone.`}
        pending={deleteProvider.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirmOpen(false)}
      />
      <NoticeSnackbar notice={notice} onClose={close} />
    </>
  );
}

/** What deleting a provider takes with it (its coverage layers go too). */
function layersGoingWith(count: number | undefined): string {
  if (count === undefined) return 'This also deletes its coverage layers, so its areas leave the map.';
  if (count === 0) return 'It has no coverage layers.';
  return `This also deletes its ${count} coverage ${count === 1 ? 'layer' : 'layers'}, so its areas leave the map.`;
}
