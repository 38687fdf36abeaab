import Add from '@mui/icons-material/Add';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import type { AdminZone } from '../../../common/api/zones.js';
import { errorMessage } from '../../api/ApiError.js';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { NoticeSnackbar } from '../../ui/NoticeSnackbar.js';
import { EmptyPanel, LoadingPanel, QueryStates } from '../../ui/QueryStates.js';
import { useDeleteConfirmation } from '../../ui/useDeleteConfirmation.js';
import { useNotice } from '../../ui/useNotice.js';
import { ZoneDialog } from './ZoneDialog.js';
import { useDeleteZone, useZones } from './zonesQueries.js';
import { ZonesTable } from './ZonesTable.js';
import { RetryAlert } from '../../ui/RetryAlert.js';

const FETCH_FAILED = 'Failed to fetch zones';
const DELETED_FALLBACK = 'Zone deleted successfully';
const DELETE_FAILED = 'Failed to delete zone';

/** /admin/zones: pre-registration zones with goals (issue 20 §2). */
export function ZonesPage() {
  const zones = useZones();
  const deleteZone = useDeleteZone();
  const { notice, show, close } = useNotice();
  /** The open add/edit dialog: `zone` null adds one. */
  const [editor, setEditor] = useState<{ zone: AdminZone | null } | null>(null);
  const deletion = useDeleteConfirmation<AdminZone>(deleteZone, show, { deleted: DELETED_FALLBACK, failed: DELETE_FAILED });

  useEffect(() => {
    if (zones.isError) console.error(FETCH_FAILED, zones.error);
  }, [zones.isError, zones.error]);

  /** Opening a dialog starts something new, so the last action's notice goes. */
  const openEditor = (zone: AdminZone | null) => {
    close();
    setEditor({ zone });
  };

  return (
    <>
      <AdminPageHeading
        title="Zones"
        subtitle="Pre-registration areas with a goal: the public map shows their progress, and visitors inside one can pre-register."
        action={
          <Button variant="contained" startIcon={<Add />} onClick={() => openEditor(null)}>
            Add Zone
          </Button>
        }
      />

      <QueryStates
        query={zones}
        loading={<LoadingPanel label="Loading zones..." visibleLabel />}
        error={
          <RetryAlert onRetry={() => void zones.refetch()}>
            <AlertTitle>{FETCH_FAILED}</AlertTitle>
            {errorMessage(zones.error, '')}
          </RetryAlert>
        }
        empty={
          <EmptyPanel
            icon={<FlagOutlined color="action" sx={{ fontSize: 48 }} />}
            title="No zones yet"
            text="Draw an area where a provider will build once enough people pre-register, and set the goal."
            actions={
              <Button variant="outlined" startIcon={<Add />} onClick={() => openEditor(null)}>
                Add your first zone
              </Button>
            }
          />
        }
      >
        {(list) => <ZonesTable zones={list} onEdit={openEditor} onDelete={deletion.ask} />}
      </QueryStates>

      {editor && (
        <ZoneDialog key={editor.zone?.id ?? 'new'} zone={editor.zone} onClose={() => setEditor(null)} onSaved={(message) => show('success', message)} />
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title={deletion.item ? `Delete ${deletion.item.name}?` : 'Delete zone?'}
        message={deletion.item ? `Are you sure you want to delete the zone "${deletion.item.name}"?` : 'Are you sure you want to delete this zone?'}
        detail={`It leaves the public map at once, and its pre-registrations${deletion.item ? ` (${deletion.item.confirmed_count.toLocaleString('en-US')} confirmed)` : ''} are deleted with it. This cannot be undone.`}
      />
      <NoticeSnackbar notice={notice} onClose={close} />
    </>
  );
}
