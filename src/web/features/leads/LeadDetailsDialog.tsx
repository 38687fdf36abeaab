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
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { SearchType } from '../../../common/api/leads.js';
import type { ReportLead } from '../../../common/api/reports.js';
import { LEAD_NOTES_MAX, LEAD_STATUS_LABELS, LEAD_STATUSES } from '../../../common/api/reports.js';
import { errorMessage } from '../../api/ApiError.js';
import { FormTextField } from '../../ui/FormTextField.js';
import { LEAD_TYPE_LABELS, leadProviderName } from '../../ui/leadLabels.js';
import { LeadStatusChip } from '../../ui/LeadStatusChip.js';
import { formatDateTime } from '../../ui/reportPeriod.js';
import { leadEditDefaults, leadEditForm, leadEditPayload, type LeadEditValues } from './leadEditForm.js';
import { LeadSearchMap } from './LeadSearchMap.js';
import { useUpdateLead } from './leadsQueries.js';

/** The server's message on success (PATCH /api/leads/{id}). */
const UPDATED_FALLBACK = 'Lead updated';
const UPDATE_FAILED = 'Failed to update lead';
const SEARCH_TYPE_LABELS: Record<SearchType, string> = { address: 'Address search', geolocation: 'Device location', map_click: 'Map click' };

interface LeadDetailsDialogProps {
  lead: ReportLead;
  onClose: () => void;
  /** After a save: the lead as stored. */
  onSaved: (lead: ReportLead) => void;
  onResult: (severity: 'success' | 'error', message: string) => void;
}

/**
 * One lead: what was asked, how to reach the person, the search it came from on a small map, and
 * the admin's status and notes (saved with PATCH /api/leads/{id}). Mounted afresh for each lead.
 */
export function LeadDetailsDialog({ lead, onClose, onSaved, onResult }: LeadDetailsDialogProps) {
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

  return (
    <Dialog open onClose={update.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
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
              {search === null ? (
                <Typography variant="body2" color="text.secondary">
                  No search recorded
                </Typography>
              ) : (
                <Stack spacing={1}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <LocationOnOutlined fontSize="small" color="action" sx={{ mt: 0.25 }} />
                    <Box>
                      <Typography variant="body2">{search.address ?? 'No address (a point on the map)'}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {SEARCH_TYPE_LABELS[search.search_type]}
                        {point && ` · ${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`}
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
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={update.isPending}>
          Close
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={!formState.isDirty || update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
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
