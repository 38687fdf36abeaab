import Add from '@mui/icons-material/Add';
import CellTowerOutlined from '@mui/icons-material/CellTowerOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Tower } from '../../../common/api/towers.js';
import { useCan } from '../../auth/useCan.js';
import { errorMessage } from '../../api/ApiError.js';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { NoticeSnackbar } from '../../ui/NoticeSnackbar.js';
import { EmptyPanel, LoadingPanel, QueryStates } from '../../ui/QueryStates.js';
import { useDeleteConfirmation } from '../../ui/useDeleteConfirmation.js';
import { useNotice } from '../../ui/useNotice.js';
import { BulkImportDialog } from './BulkImportDialog.js';
import { TowerDialog } from './TowerDialog.js';
import { summarizeTowers } from './towerFormat.js';
import { useDeleteTower, useFootprintStates, useTower, useTowers } from './towerQueries.js';
import { footprintsVersionOf } from './towerMapLayers.js';
import { TowersMap } from './TowersMap.js';
import { TowersTable } from './TowersTable.js';
import { TowerSummaryCards } from './TowerSummaryCards.js';
import { RetryAlert } from '../../ui/RetryAlert.js';

const FETCH_FAILED = 'Failed to fetch towers';
const DELETED_FALLBACK = 'Tower deleted successfully';
const DELETE_FAILED = 'Failed to delete tower';
const LINK_FAILED = 'Tower not found';
/** A positive whole number in a link's ?tower= (anything else opens nothing). */
const TOWER_ID = /^[1-9]\d{0,9}$/;

/**
 * /admin/towers ("Tower Management"); /admin/towers?tower=<id> opens that tower's dialog, or says
 * it was not found (a provider editor's link to another provider's tower too). A provider editor
 * sees their providers' towers only (the server filters) and has no bulk import.
 */
export function TowersPage() {
  const towers = useTowers();
  // A viewer reads the towers; a provider editor changes their own but does not bulk import.
  const canChange = useCan('change_towers');
  const canImport = useCan('change');
  const footprints = useFootprintStates();
  const footprintStates = useMemo(() => new Map((footprints.data ?? []).map((state) => [state.tower_id, state])), [footprints.data]);
  const footprintsVersion = useMemo(() => footprintsVersionOf(footprints.data ?? []), [footprints.data]);
  const deleteTower = useDeleteTower();
  const { notice, show, close } = useNotice();
  /** The open add/edit dialog: `tower` null adds one. */
  const [editor, setEditor] = useState<{ tower: Tower | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const deletion = useDeleteConfirmation<Tower>(deleteTower, show, { deleted: DELETED_FALLBACK, failed: DELETE_FAILED });
  const summary = useMemo(() => summarizeTowers(towers.data ?? []), [towers.data]);
  const [params, setParams] = useSearchParams();
  const linkedParam = params.get('tower') ?? '';
  const linked = useTower(TOWER_ID.test(linkedParam) ? Number(linkedParam) : null);
  const clearLink = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('tower');
      return next;
    });

  useEffect(() => {
    if (linked.data) setEditor({ tower: linked.data });
  }, [linked.data]);

  useEffect(() => {
    if (towers.isError) console.error(FETCH_FAILED, towers.error);
  }, [towers.isError, towers.error]);

  /** Opening a dialog starts something new, so the last action's notice goes. */
  const openEditor = (tower: Tower | null) => {
    close();
    setEditor({ tower });
  };
  const openNew = () => openEditor(null);
  const openImport = () => {
    close();
    setImporting(true);
  };

  return (
    <>
      <AdminPageHeading
        title="Tower Management"
        subtitle="The wireless towers used for line of sight and the wireless answer of every coverage check."
        action={
          canChange && (
            <Stack direction="row" spacing={1}>
              {canImport && (
                <Button variant="outlined" startIcon={<UploadFile />} onClick={openImport}>
                  Bulk Import
                </Button>
              )}
              <Button variant="contained" startIcon={<Add />} onClick={openNew}>
                Add Tower
              </Button>
            </Stack>
          )
        }
      />

      {linked.isError && (
        <Alert severity="error" onClose={clearLink} sx={{ mb: 2 }}>
          {errorMessage(linked.error, LINK_FAILED)}
        </Alert>
      )}
      <QueryStates
        query={towers}
        loading={<LoadingPanel label="Loading towers..." visibleLabel />}
        error={
          <RetryAlert onRetry={() => void towers.refetch()}>
            <AlertTitle>{FETCH_FAILED}</AlertTitle>
            {errorMessage(towers.error, '')}
          </RetryAlert>
        }
        empty={
          <EmptyPanel
            icon={<CellTowerOutlined color="action" sx={{ fontSize: 48 }} />}
            title="No towers yet"
            text="Add your wireless towers one by one, or import a whole inventory from JSON or CSV."
            actions={
              canChange && (
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
                  {canImport && (
                    <Button variant="outlined" startIcon={<UploadFile />} onClick={openImport}>
                      Import towers
                    </Button>
                  )}
                  <Button variant="outlined" startIcon={<Add />} onClick={openNew}>
                    Add your first tower
                  </Button>
                </Stack>
              )
            }
          />
        }
        above={(list) => (
          <>
            <TowerSummaryCards summary={summary} />
            <TowersMap towers={list} footprintsVersion={footprintsVersion} />
          </>
        )}
      >
        {(list) => (
          <TowersTable
            towers={list}
            footprints={footprintStates}
            onFootprintError={(message) => show('error', message)}
            onEdit={canChange ? openEditor : undefined}
            onDelete={canChange ? deletion.ask : undefined}
          />
        )}
      </QueryStates>

      {editor && (
        <TowerDialog
          key={editor.tower?.id ?? 'new'}
          tower={editor.tower}
          onClose={() => {
            setEditor(null);
            if (linkedParam !== '') clearLink();
          }}
          onResult={show}
        />
      )}
      {importing && <BulkImportDialog onClose={() => setImporting(false)} onResult={show} />}
      <ConfirmDialog
        {...deletion.dialog}
        title={deletion.item ? `Delete ${deletion.item.name}?` : 'Delete tower?'}
        message={deletion.item ? `Are you sure you want to delete the tower "${deletion.item.name}"?` : 'Are you sure you want to delete this tower?'}
        detail="Line of sight and coverage checks stop using it at once. This cannot be undone."
      />
      <NoticeSnackbar notice={notice} onClose={close} />
    </>
  );
}
