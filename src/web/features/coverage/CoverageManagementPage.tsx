import Add from '@mui/icons-material/Add';
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import type { CoverageLayer } from '../../../common/api/coverageLayers.js';
import { errorMessage } from '../../api/ApiError.js';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { NoticeSnackbar } from '../../ui/NoticeSnackbar.js';
import { useNotice } from '../../ui/useNotice.js';
import { useProviders } from '../providers/index.js';
import { CoverageLayerDialog } from './CoverageLayerDialog.js';
import { CoverageLayersTable } from './CoverageLayersTable.js';
import { useCoverageLayers, useDeleteCoverageLayer } from './coverageQueries.js';

const DELETED_FALLBACK = 'Coverage layer deleted successfully!';
const DELETE_FAILED = 'Failed to delete coverage layer';

/** /admin/coverage ("Coverage Management"). */
export function CoverageManagementPage() {
  const layers = useCoverageLayers();
  const providers = useProviders();
  const deleteLayer = useDeleteCoverageLayer();
  const { notice, show, close } = useNotice();
  const [editor, setEditor] = useState<{ layer: CoverageLayer | null } | null>(null);
  /** The layer of the delete confirmation; kept while it closes so its title does not change. */
  const [toDelete, setToDelete] = useState<CoverageLayer | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  // Fetch failures of layers and providers are only logged.
  useEffect(() => {
    if (layers.isError) console.error('Failed to fetch coverage layers', layers.error);
  }, [layers.isError, layers.error]);
  useEffect(() => {
    if (providers.isError) console.error('Failed to fetch providers', providers.error);
  }, [providers.isError, providers.error]);

  const providerNames = useMemo(
    () => new Map((providers.data ?? []).map((provider) => [provider.id, provider.name])),
    [providers.data],
  );

  /** Opening a dialog starts something new, so the last action's notice goes. */
  const openEditor = (layer: CoverageLayer | null) => {
    close();
    setEditor({ layer });
  };
  const openNew = () => openEditor(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteLayer.mutate(toDelete.id, {
      onSuccess: (envelope) => show('success', envelope.message ?? DELETED_FALLBACK),
      onError: (error) => show('error', errorMessage(error, DELETE_FAILED)),
      onSettled: () => setConfirmOpen(false),
    });
  };

  return (
    <>
      <AdminPageHeading
        title="Coverage Management"
        subtitle="Coverage areas of each provider from KML or KMZ files, with the service status of each colour."
        action={
          <Button variant="contained" startIcon={<Add />} onClick={openNew}>
            Add Coverage Layer
          </Button>
        }
      />

      {layers.isPending && (
        <Paper variant="outlined" sx={{ p: 6, display: 'flex', justifyContent: 'center' }}>
          <CircularProgress aria-label="Loading coverage layers" />
        </Paper>
      )}
      {layers.isError && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography>Coverage layers could not be loaded right now.</Typography>
          <Button sx={{ mt: 1 }} onClick={() => void layers.refetch()}>
            Try again
          </Button>
        </Paper>
      )}
      {layers.isSuccess && layers.data.length === 0 && (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
          <LayersOutlined color="action" sx={{ fontSize: 48 }} />
          <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
            No coverage layers yet
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Upload a provider&apos;s coverage as a KML or KMZ file to show it on the map.
          </Typography>
          <Button variant="outlined" startIcon={<Add />} onClick={openNew}>
            Add your first coverage layer
          </Button>
        </Paper>
      )}
      {layers.isSuccess && layers.data.length > 0 && (
        <>
          {providers.isError && (
            <Alert severity="info" sx={{ mb: 2 }}>
              Provider names could not be loaded right now.
            </Alert>
          )}
          <CoverageLayersTable
            layers={layers.data}
            providerNames={providerNames}
            onEdit={openEditor}
            onDelete={(layer) => {
              setToDelete(layer);
              setConfirmOpen(true);
            }}
          />
        </>
      )}

      {editor && (
        <CoverageLayerDialog
          key={editor.layer?.id ?? 'new'}
          layer={editor.layer}
          providers={providers.data ?? []}
          providersLoaded={providers.isSuccess}
          onClose={() => setEditor(null)}
          onResult={show}
        />
      )}
      <ConfirmDialog
        open={confirmOpen}
        title={toDelete ? `Delete ${toDelete.name}?` : 'Delete coverage layer?'}
        message="Are you sure you want to delete this coverage layer?"
        detail="Its areas leave the map and coverage checks. This cannot be undone."
        pending={deleteLayer.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirmOpen(false)}
      />
      <NoticeSnackbar notice={notice} onClose={close} />
    </>
  );
}
