import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { WEBHOOK_EVENT_TYPES } from '../../../common/api/webhookEvents.js';
import { FormSwitch } from '../../ui/FormSwitch.js';
import { FormTextField } from '../../ui/FormTextField.js';
import {
  createBody,
  EMPTY_WEBHOOK_FORM,
  saveErrorPlacement,
  updateBody,
  webhookForm,
  type WebhookFormOutput,
  type WebhookFormValues,
  webhookToForm,
} from './webhookForm.js';
import { useCreateWebhook, useUpdateWebhook } from './webhookQueries.js';
import { WEBHOOK_EVENT_DESCRIPTIONS } from './webhookText.js';
import type { WebhookEndpointWithSecret, WebhookEndpoint } from '../../../common/api/webhooks.js';

const ADDED_FALLBACK = 'Webhook endpoint added';
const UPDATED_FALLBACK = 'Webhook endpoint updated';

interface WebhookDialogProps {
  /** The endpoint to edit; null adds one. */
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  /** A new endpoint was added: its secret is in the answer, to be shown once. */
  onCreated: (created: WebhookEndpointWithSecret, message: string) => void;
  onUpdated: (message: string) => void;
}

/** Add or edit a webhook endpoint: URL, description, the events it receives, and (editing) whether it is enabled. */
export function WebhookDialog({ endpoint, onClose, onCreated, onUpdated }: WebhookDialogProps) {
  const editing = endpoint !== null;
  const titleId = useId();
  const formId = useId();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const pending = create.isPending || update.isPending;
  const [general, setGeneral] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<WebhookFormValues, unknown, WebhookFormOutput>({
    resolver: zodResolver(webhookForm),
    defaultValues: endpoint ? webhookToForm(endpoint) : EMPTY_WEBHOOK_FORM,
  });

  const refused = (error: unknown) => {
    const placement = saveErrorPlacement(error);
    for (const [field, message] of Object.entries(placement.fields)) setError(field as keyof typeof placement.fields, { message }, { shouldFocus: true });
    setGeneral(placement.general);
  };

  const onSubmit = handleSubmit((values) => {
    setGeneral(null);
    if (endpoint) {
      update.mutate(
        { id: endpoint.id, change: updateBody(values) },
        {
          onSuccess: (envelope) => {
            onUpdated(envelope.message ?? UPDATED_FALLBACK);
            onClose();
          },
          onError: refused,
        },
      );
      return;
    }
    create.mutate(createBody(values), {
      onSuccess: (envelope) => {
        if (envelope.data) onCreated(envelope.data, envelope.message ?? ADDED_FALLBACK);
        onClose();
      },
      onError: refused,
    });
  });

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{editing ? 'Edit webhook endpoint' : 'Add webhook endpoint'}</DialogTitle>
      <DialogContent dividers>
        {general && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {general}
          </Alert>
        )}
        <form id={formId} noValidate onSubmit={onSubmit}>
          <FormTextField
            control={control}
            name="url"
            label="Endpoint URL"
            type="url"
            required
            autoFocus
            placeholder="https://crm.example.com/hooks/coverage"
            helperText="Each event is POSTed here as JSON, signed as the Standard Webhooks specification says."
          />
          <FormTextField control={control} name="description" label="Description" helperText="For you: what this endpoint feeds, e.g. “Splynx sign-ups”." />
          <EventCheckboxes control={control} />
          {editing && (
            <FormSwitch
              control={control}
              name="enabled"
              label="Enabled"
              helperText="A disabled endpoint receives nothing; enabling it again clears why it was disabled."
            />
          )}
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={pending}>
          {pending ? 'Saving...' : editing ? 'Save' : 'Add endpoint'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One checkbox per event type (WEBHOOK_EVENT_TYPES), with what it is sent for. */
function EventCheckboxes({ control }: { control: Control<WebhookFormValues, unknown, WebhookFormOutput> }) {
  const labelId = useId();
  return (
    <Controller
      control={control}
      name="events"
      render={({ field: { ref, value, onChange }, fieldState }) => (
        <FormControl component="fieldset" error={fieldState.invalid} sx={{ mt: 2, display: 'block' }}>
          <FormLabel component="legend" id={labelId}>
            Events
          </FormLabel>
          <FormGroup aria-labelledby={labelId}>
            {WEBHOOK_EVENT_TYPES.map((type, index) => (
              <FormControlLabel
                key={type}
                sx={{ alignItems: 'flex-start', mt: 0.5 }}
                control={
                  <Checkbox
                    slotProps={{ input: { ref: index === 0 ? ref : undefined } }}
                    checked={value.includes(type)}
                    onChange={(_event, checked) => onChange(checked ? [...value, type] : value.filter((t) => t !== type))}
                    sx={{ pt: 0.25 }}
                  />
                }
                label={
                  <Box>
                    <Typography component="span" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 14 }}>
                      {type}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {WEBHOOK_EVENT_DESCRIPTIONS[type]}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </FormGroup>
          {fieldState.error?.message && <FormHelperText>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}
