import Add from '@mui/icons-material/Add';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import type { Provider } from '../../../common/api/providers.js';
import { useCan, useProviderScoped } from '../../auth/useCan.js';
import { errorMessage } from '../../api/ApiError.js';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { NoticeSnackbar } from '../../ui/NoticeSnackbar.js';
import { EmptyPanel, LoadingPanel, QueryStates } from '../../ui/QueryStates.js';
import { useDeleteConfirmation } from '../../ui/useDeleteConfirmation.js';
import { useNotice } from '../../ui/useNotice.js';
import { ApiTestDialog } from './ApiTestDialog.js';
import { ProviderDialog } from './ProviderDialog.js';
import { useDeleteProvider, useProviders, useProviderStats, useSyncMyMaps } from './providerQueries.js';
import { ProvidersTable } from './ProvidersTable.js';
import { RetryAlert } from '../../ui/RetryAlert.js';

const DELETED_FALLBACK = 'Provider deleted successfully!';
const DELETE_FAILED = 'Failed to delete provider';
const SYNC_FAILED = 'Failed to sync My Maps data';

/**
 * /admin/providers ("Providers Management"). A provider editor sees only their own providers (the
 * server filters) and neither adds nor deletes providers.
 */
export function ProvidersPage() {
  const providerEditor = useProviderScoped();
  const providers = useProviders();
  // A provider editor edits their own providers but neither adds nor deletes one; a viewer only reads.
  const canAdd = useCan('add_provider');
  const canEdit = useCan('edit_provider');
  const canDelete = useCan('delete_provider');
  const deleteProvider = useDeleteProvider();
  const sync = useSyncMyMaps();
  const { notice, show, close } = useNotice();
  /** The open add/edit dialog: `provider` null adds one. */
  const [editor, setEditor] = useState<{ provider: Provider | null } | null>(null);
  const deletion = useDeleteConfirmation<Provider>(deleteProvider, show, { deleted: DELETED_FALLBACK, failed: DELETE_FAILED });
  const [toTest, setToTest] = useState<Provider | null>(null);
  const stats = useProviderStats(deletion.open && deletion.item ? deletion.item.id : null);

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

  return (
    <>
      <AdminPageHeading
        title="Providers Management"
        subtitle="Internet providers, their contact details and where their coverage comes from."
        action={
          canAdd && (
            <Button variant="contained" startIcon={<Add />} onClick={openNew}>
              Add Provider
            </Button>
          )
        }
      />

      <QueryStates
        query={providers}
        loading={<LoadingPanel label="Loading providers" />}
        error={<RetryAlert onRetry={() => void providers.refetch()}>Could not load providers. {errorMessage(providers.error, '')}</RetryAlert>}
        empty={
          providerEditor ? (
            <EmptyPanel
              icon={<BusinessOutlined color="action" sx={{ fontSize: 48 }} />}
              title="No providers assigned to you"
              text="Ask an owner of this map to give your account the providers you edit."
            />
          ) : (
            <EmptyPanel
              icon={<BusinessOutlined color="action" sx={{ fontSize: 48 }} />}
              title="No providers yet"
              text="Add the internet providers whose coverage the map shows."
              actions={
                canAdd && (
                  <Button variant="outlined" startIcon={<Add />} onClick={openNew}>
                    Add your first provider
                  </Button>
                )
              }
            />
          )
        }
      >
        {(list) => (
          <ProvidersTable
            providers={list}
            syncingId={sync.isPending ? (sync.variables?.id ?? null) : null}
            onEdit={canEdit ? openEditor : undefined}
            onDelete={canDelete ? deletion.ask : undefined}
            onSync={canEdit ? runSync : undefined}
            onTestApi={canEdit ? setToTest : undefined}
          />
        )}
      </QueryStates>

      {editor && <ProviderDialog key={editor.provider?.id ?? 'new'} provider={editor.provider} onClose={() => setEditor(null)} onResult={show} />}
      {toTest && <ApiTestDialog key={toTest.id} provider={toTest} onClose={() => setToTest(null)} />}
      <ConfirmDialog
        {...deletion.dialog}
        title={deletion.item ? `Delete ${deletion.item.name}?` : 'Delete provider?'}
        message="Are you sure you want to delete this provider?"
        detail={`${layersGoingWith(stats.data?.coverage_layers)} This cannot be undone.`}
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
