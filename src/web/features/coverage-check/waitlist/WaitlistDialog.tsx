import { zodResolver } from '@hookform/resolvers/zod';
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
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { WAITLIST_JOINED } from '../../../../common/api/waitlist.js';
import { FormTextField } from '../../../ui/FormTextField.js';
import { MuiDialogScope } from '../../../ui/MuiDialogScope.js';
import type { WaitlistTarget } from '../waitlistTarget.js';
import { ZoneProgress } from '../ZoneProgress.js';
import type { WaitlistFormOutput, WaitlistFormValues, WaitlistPlace } from './waitlistForm.js';
import { consentLine, WAITLIST_FORM_DEFAULTS, waitlistFormSchema, waitlistRequestBody, waitlistServerErrors } from './waitlistForm.js';
import { useJoinWaitlist } from './waitlistQueries.js';

export interface WaitlistDialogProps {
  target: WaitlistTarget;
  place: WaitlistPlace;
  onClose: () => void;
}

/**
 * "Notify me when it's available" and a zone's pre-registration: an e-mail address (a name too in a
 * zone), an optional phone and the consent box, sent to POST /api/waitlist. Idle, sending (fields
 * and buttons disabled), done (the server's message: a confirmation e-mail is on its way), refused
 * (the server's messages under the fields or above the buttons; what was typed stays). Loaded only
 * when first opened, with MUI's theme and a data client (MuiDialogScope), like the lead form.
 */
export default function WaitlistDialog(props: WaitlistDialogProps) {
  return (
    <MuiDialogScope>
      <WaitlistForm {...props} />
    </MuiDialogScope>
  );
}

function intro(target: WaitlistTarget): string {
  if (target.kind === 'provider') return `We'll e-mail you once ${target.providerName} is available at this address.`;
  if (target.kind === 'any') return "We'll e-mail you once any provider's service is available at this address.";
  return `Pre-register with ${target.zone.provider_name}: once enough neighbours join, they can build here. We'll e-mail you when service is available.`;
}

function WaitlistForm({ target, place, onClose }: WaitlistDialogProps) {
  const titleId = useId();
  const formId = `${titleId}-form`;
  const honeypotId = useId();
  const consentHelpId = useId();
  const join = useJoinWaitlist();
  const [done, setDone] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const schema = useMemo(() => waitlistFormSchema(target), [target]);
  const { control, handleSubmit, register, setError, formState } = useForm<WaitlistFormValues, unknown, WaitlistFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: WAITLIST_FORM_DEFAULTS,
  });
  const busy = formState.isSubmitting || join.isPending;
  const zone = target.kind === 'zone' ? target.zone : null;

  const onSubmit = handleSubmit(async (output) => {
    setRefusal(null);
    try {
      const envelope = await join.mutateAsync(waitlistRequestBody(output, target, place));
      setDone(envelope.message ?? WAITLIST_JOINED);
    } catch (error) {
      const { fields, message } = waitlistServerErrors(error);
      for (const [i, [field, text]] of Object.entries(fields).entries()) {
        setError(field as keyof WaitlistFormValues, { type: 'server', message: text }, { shouldFocus: i === 0 });
      }
      setRefusal(message);
    }
  });

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{zone ? `Pre-register in ${zone.name}` : "Notify me when it's available"}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {place.address}
        </Typography>
        {zone && (
          <Box sx={{ mb: 1.5 }}>
            <ZoneProgress zone={zone} />
          </Box>
        )}
        <Typography variant="body2" sx={{ mb: 1 }}>
          {intro(target)}
        </Typography>
        {done ? (
          <Alert severity="success" role="status">
            {done}
          </Alert>
        ) : (
          <Box component="form" id={formId} noValidate onSubmit={onSubmit} sx={{ position: 'relative' }}>
            {zone && (
              <FormTextField control={control} name="name" label="Name" required autoComplete="name" autoFocus disabled={busy} fullWidth margin="dense" />
            )}
            <FormTextField
              control={control}
              name="email"
              label="Email"
              type="email"
              required
              autoComplete="email"
              autoFocus={!zone}
              disabled={busy}
              fullWidth
              margin="dense"
            />
            <FormTextField control={control} name="phone" label="Phone (optional)" type="tel" autoComplete="tel" disabled={busy} fullWidth margin="dense" />
            <Controller
              control={control}
              name="consent"
              render={({ field: { ref, value, onChange, onBlur }, fieldState }) => (
                <FormControl error={fieldState.invalid} disabled={busy} margin="dense">
                  <FormControlLabel
                    sx={{ alignItems: 'flex-start' }}
                    control={
                      <Checkbox
                        checked={value}
                        onChange={(_event, checked) => onChange(checked)}
                        onBlur={onBlur}
                        sx={{ pt: 0.25 }}
                        slotProps={{ input: { ref, 'aria-describedby': fieldState.error ? consentHelpId : undefined } }}
                      />
                    }
                    label={<Typography variant="body2">{consentLine(target)}</Typography>}
                  />
                  {fieldState.error && <FormHelperText id={consentHelpId}>{fieldState.error.message}</FormHelperText>}
                </FormControl>
              )}
            />
            {/* Honeypot, as in the lead form: off-screen, out of the tab order and hidden from
                assistive technology; bots fill it, and the server then drops the sign-up silently. */}
            <Box aria-hidden="true" sx={{ position: 'absolute', left: '-10000px', top: 'auto', width: '1px', height: '1px', overflow: 'hidden' }}>
              <label htmlFor={honeypotId}>Website</label>
              <input id={honeypotId} type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
            </Box>
            {refusal && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {refusal}
              </Alert>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {done ? (
          <Button onClick={close}>Close</Button>
        ) : (
          <>
            <Button onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" form={formId} variant="contained" disabled={busy}>
              {busy ? 'Sending...' : zone ? 'Pre-register' : 'Notify me'}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
