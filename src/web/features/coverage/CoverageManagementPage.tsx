import Add from '@mui/icons-material/Add';
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCan } from '../../auth/useCan.js';
import { useEffect, useMemo, useState } from 'react';
import type { CoverageLayer } from '../../../common/api/coverageLayers.js';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { NoticeSnackbar } from '../../ui/NoticeSnackbar.js';
import { EmptyPanel, LoadingPanel, QueryStates } from '../../ui/QueryStates.js';
import { useDeleteConfirmation } from '../../ui/useDeleteConfirmation.js';
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
  // A viewer reads the layers; the Add, Edit and Delete buttons are for the roles that change them.
  const canChange = useCan('change_coverage');
  const providers = useProviders();
  const deleteLayer = useDeleteCoverageLayer();
  const { notice, show, close } = useNotice();
  const [editor, setEditor] = useState<{ layer: CoverageLayer | null } | null>(null);
  const deletion = useDeleteConfirmation<CoverageLayer>(deleteLayer, show, { deleted: DELETED_FALLBACK, failed: DELETE_FAILED });

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

  return (
    <>
      <AdminPageHeading
        title="Coverage Management"
        subtitle="Coverage areas of each provider from KML or KMZ files, with the service status of each colour."
        action={
          canChange && (
            <Button variant="contained" startIcon={<Add />} onClick={openNew}>
              Add Coverage Layer
            </Button>
          )
        }
      />

      <QueryStates
        query={layers}
        loading={<LoadingPanel label="Loading coverage layers" />}
        error={
          <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
            <Typography>Coverage layers could not be loaded right now.</Typography>
            <Button sx={{ mt: 1 }} onClick={() => void layers.refetch()}>
              Try again
            </Button>
          </Paper>
        }
        empty={
          <EmptyPanel
            icon={<LayersOutlined color="action" sx={{ fontSize: 48 }} />}
            title="No coverage layers yet"
            text="Upload a provider's coverage as a KML or KMZ file to show it on the map."
            actions={
              canChange && (
                <Button variant="outlined" startIcon={<Add />} onClick={openNew}>
                  Add your first coverage layer
                </Button>
              )
            }
          />
        }
      >
        {(list) => (
          <>
            {providers.isError && (
              <Alert severity="info" sx={{ mb: 2 }}>
                Provider names could not be loaded right now.
              </Alert>
            )}
            <CoverageLayersTable layers={list} providerNames={providerNames} onEdit={canChange ? openEditor : undefined} onDelete={canChange ? deletion.ask : undefined} />
          </>
        )}
      </QueryStates>

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
        {...deletion.dialog}
        title={deletion.item ? `Delete ${deletion.item.name}?` : 'Delete coverage layer?'}
        message="Are you sure you want to delete this coverage layer?"
        detail="Its areas leave the map and coverage checks. This cannot be undone."
      />
      <NoticeSnackbar notice={notice} onClose={close} />
    </>
  );
}
