import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import LocationOnOutlined from '@mui/icons-material/LocationOnOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { InstallOutcome } from '../../../common/api/measurements.js';
import type { ReportLead } from '../../../common/api/reports.js';
import { LEAD_NOTES_MAX, LEAD_STATUS_LABELS, LEAD_STATUSES } from '../../../common/api/reports.js';
import { errorMessage } from '../../api/ApiError.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { FormTextField } from '../../ui/FormTextField.js';
import { LEAD_TYPE_LABELS, leadProviderName } from '../../ui/leadLabels.js';
import { LeadStatusChip } from '../../ui/LeadStatusChip.js';
import { formatDateTime } from '../../ui/reportPeriod.js';
import { leadEditDefaults, leadEditForm, leadEditPayload, type LeadEditValues } from './leadEditForm.js';
import { LeadInstallDialog } from './LeadInstallDialog.js';
import { installText } from './leadInstallForm.js';
import { leadSearchLocation } from './leadSearchLocation.js';
import { LeadSearchMap } from './LeadSearchMap.js';
import { useUpdateLead } from './leadsQueries.js';

/** The server's message on success (PATCH /api/leads/{id}). */
const UPDATED_FALLBACK = 'Lead updated';
const UPDATE_FAILED = 'Failed to update lead';

interface LeadDetailsDialogProps {
  lead: ReportLead;
  onClose: () => void;
  /** After a save: the lead as stored. */
  onSaved: (lead: ReportLead) => void;
  onResult: (severity: 'success' | 'error', message: string) => void;
  /** Whether the install buttons show (a provider editor may not record measurements). */
  canRecordInstall: boolean;
}

/**
 * One lead: what was asked, how to reach the person, the search it came from on a small map, and
 * the admin's status and notes (saved with PATCH /api/leads/{id}). Mounted afresh for each lead.
 */
export function LeadDetailsDialog({ lead, onClose, onSaved, onResult, canRecordInstall }: LeadDetailsDialogProps) {
  const titleId = useId();
  const formId = useId();
  const update = useUpdateLead();
  const { control, handleSubmit, reset, formState } = useForm<LeadEditValues>({
    resolver: zodResolver(leadEditForm),
    defaultValues: leadEditDefaults(lead),
  });

  const onSubmit = handleSubmit((values) => {
    const payload = leadEditPayload(values, lead);
    if (payload === null) return;
    update.mutate(
      { id: lead.id, update: payload },
      {
        onSuccess: (envelope) => {
          const saved = envelope.data ?? { ...lead, ...payload };
          reset(leadEditDefaults(saved));
          onSaved(saved);
          onResult('success', envelope.message ?? UPDATED_FALLBACK);
        },
        onError: (error) => onResult('error', errorMessage(error, UPDATE_FAILED)),
      },
    );
  });

  const search = lead.search;
  const point = search && search.lat !== null && search.lng !== null ? { lat: search.lat, lng: search.lng } : null;
  const location = search ? leadSearchLocation(search) : null;

  // Escape, the backdrop and Close ask before dropping edits not saved yet.
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const requestClose = () => {
    if (update.isPending) return;
    if (formState.isDirty) setConfirmingDiscard(true);
    else onClose();
  };
  const notesUnsaved = formState.dirtyFields.notes === true;
  const [installing, setInstalling] = useState<InstallOutcome | null>(null);
  const recorded = installText(lead.install ?? null);

  return (
    <Dialog open onClose={requestClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId} sx={{ pb: 1 }}>
        {lead.name}
      </DialogTitle>
      <DialogContent dividers>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          <LeadStatusChip status={lead.status} />
          <Chip size="small" variant="outlined" label={LEAD_TYPE_LABELS[lead.lead_type]} />
          <Typography variant="body2" color="text.secondary">
            {leadProviderName(lead)} · received {formatDateTime(lead.created_at)}
          </Typography>
        </Stack>

        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Detail title="Contact">
              <Stack spacing={0.75}>
                <ContactLine icon={<EmailOutlined fontSize="small" />} missing="No email given">
                  {lead.email && <Link href={`mailto:${lead.email}`}>{lead.email}</Link>}
                </ContactLine>
                <ContactLine icon={<PhoneOutlined fontSize="small" />} missing="No phone given">
                  {lead.phone && <Link href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>{lead.phone}</Link>}
                </ContactLine>
              </Stack>
            </Detail>
            <Detail title="Message">
              {lead.message ? (
                <Typography
                  variant="body2"
                  sx={{
                    whiteSpace: 'pre-wrap',
                    overflowWrap: 'anywhere',
                    bgcolor: 'action.hover',
                    borderRadius: 1,
                    p: 1.5,
                    borderLeft: 3,
                    borderColor: 'primary.light',
                  }}
                >
                  {lead.message}
                </Typography>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  No message
                </Typography>
              )}
            </Detail>
            <Divider sx={{ my: 2 }} />
            <form id={formId} noValidate onSubmit={onSubmit}>
              <Controller
                control={control}
                name="status"
                render={({ field: { ref, ...field } }) => (
                  <TextField {...field} inputRef={ref} select label="Status" size="small" margin="dense">
                    {LEAD_STATUSES.map((status) => (
                      <MenuItem key={status} value={status}>
                        {LEAD_STATUS_LABELS[status]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <FormTextField
                control={control}
                name="notes"
                label="Notes"
                multiline
                minRows={3}
                maxRows={10}
                margin="dense"
                helperText="For the team: calls made, what was agreed, next steps."
                slotProps={{ htmlInput: { maxLength: LEAD_NOTES_MAX } }}
              />
            </form>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Detail title="Search">
              {location === null ? (
                <Typography variant="body2" color="text.secondary">
                  No search recorded
                </Typography>
              ) : (
                <Stack spacing={1}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <LocationOnOutlined fontSize="small" color="action" sx={{ mt: 0.25 }} />
                    <Box>
                      <Typography variant="body2">{location.place}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {location.how}
                      </Typography>
                    </Box>
                  </Stack>
                  {point ? (
                    <LeadSearchMap point={point} />
                  ) : (
                    <Alert severity="info" variant="outlined">
                      The search has no position to show on a map.
                    </Alert>
                  )}
                </Stack>
              )}
            </Detail>
            <Detail title="Install">
              <Typography variant="body2" color={recorded ? undefined : 'text.secondary'} sx={{ mb: 1 }} data-testid="lead-install">
                {recorded ?? 'No install recorded'}
              </Typography>
              {!canRecordInstall ? null : point ? (
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <Button size="small" variant="outlined" onClick={() => setInstalling('installed')} disabled={update.isPending}>
                    Mark installed
                  </Button>
                  <Button size="small" variant="outlined" color="error" onClick={() => setInstalling('failed')} disabled={update.isPending}>
                    Install failed (no signal)
                  </Button>
                </Stack>
              ) : (
                <Typography variant="caption" color="text.secondary">
                  An install is recorded at the lead&apos;s spot, and this lead&apos;s search has none.
                </Typography>
              )}
            </Detail>
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={requestClose} disabled={update.isPending}>
          Close
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={!formState.isDirty || update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
      {installing && (
        <LeadInstallDialog
          lead={lead}
          outcome={installing}
          onClose={() => setInstalling(null)}
          onRecorded={(saved, message) => {
            setInstalling(null);
            // The status moved (converted or closed); what the admin typed meanwhile is kept.
            reset(leadEditDefaults(saved), { keepDirtyValues: true });
            onSaved(saved);
            onResult('success', message);
          }}
        />
      )}
      <ConfirmDialog
        open={confirmingDiscard}
        title={notesUnsaved ? 'Discard unsaved notes?' : 'Discard unsaved changes?'}
        message={notesUnsaved ? 'The notes you typed have not been saved.' : 'The status you chose has not been saved.'}
        confirmLabel="Discard"
        onConfirm={onClose}
        onCancel={() => setConfirmingDiscard(false)}
      />
    </Dialog>
  );
}

function Detail({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 2 }}>
      <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function ContactLine({ icon, missing, children }: { icon: ReactNode; missing: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      {icon}
      {children ? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {children}
        </Typography>
      ) : (
        <Typography variant="body2">{missing}</Typography>
      )}
    </Stack>
  );
}
