import { zodResolver } from '@hookform/resolvers/zod';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { isHttpUrl } from '../../../../common/api/fields.js';
import { leadRequest } from '../../../../common/api/leads.js';
import { FormTextField } from '../../../ui/FormTextField.js';
import { failureMessage } from '../failureMessage.js';
import { type LeadTarget, signupHost } from '../leadTarget.js';
import { LEAD_SUCCESS_CLOSE_MS, MESSAGES } from '../messages.js';
import type { LeadFormOutput, LeadFormValues } from './leadForm.js';
import { CONTACT_HINT, LEAD_TYPE_LABELS, leadFormDefaults, leadRequestBody } from './leadForm.js';
import { useSubmitLead } from './leadQueries.js';
import { MuiDialogScope } from '../../../ui/MuiDialogScope.js';

export interface ContactProviderDialogProps {
  target: LeadTarget;
  /** The current search's log id, for the lead's search_id (null when logging failed). */
  searchId: () => Promise<number | null>;
  onClose: () => void;
  /** After a lead was stored and the dialog closed (log contact_me). */
  onSubmitted: () => void;
}

function isWebUrl(value: string | null): value is string {
  return value !== null && isHttpUrl(value);
}

/**
 * The "Contact Provider" dialog with the lead form: idle, submitting
 * (buttons disabled, "Submitting..."), success (thanks; closes after 2 s), error (the message).
 * Mounted afresh for each opening; loaded only when first needed, as it brings the form libraries,
 * and with them MUI's theme and a data client (MuiDialogScope).
 */
export default function ContactProviderDialog(props: ContactProviderDialogProps) {
  return (
    <MuiDialogScope>
      <ContactProviderForm {...props} />
    </MuiDialogScope>
  );
}

function ContactProviderForm({ target, searchId, onClose, onSubmitted }: ContactProviderDialogProps) {
  const titleId = useId();
  const honeypotId = useId();
  const submit = useSubmitLead();
  const [submitted, setSubmitted] = useState(false);
  const finished = useRef(false);
  const { control, handleSubmit, register, formState, watch } = useForm<LeadFormValues, unknown, LeadFormOutput>({
    resolver: zodResolver(leadRequest),
    defaultValues: leadFormDefaults(target),
  });
  const leadType = watch('lead_type');
  const busy = formState.isSubmitting || submit.isPending;
  const general = target.providerId === 0;

  const finish = useCallback(() => {
    if (!finished.current) {
      finished.current = true;
      onClose();
      onSubmitted();
    }
  }, [onClose, onSubmitted]);

  useEffect(() => {
    if (!submitted) return;
    const timer = window.setTimeout(finish, LEAD_SUCCESS_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [submitted, finish]);

  const onSubmit = handleSubmit(async (output) => {
    try {
      await submit.mutateAsync(leadRequestBody(output, await searchId()));
      setSubmitted(true);
    } catch {
      // submit.error holds it; shown below.
    }
  });

  const close = () => {
    if (busy) return;
    if (submitted) finish();
    else onClose();
  };

  const signupPage = submitted && leadType === 'sign_up' && isWebUrl(target.signupUrl) ? target.signupUrl : null;
  const continuesOn = signupHost(target.signupUrl);

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Contact Provider</DialogTitle>
      <DialogContent dividers>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {target.providerName}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {general
            ? 'Tell us where you are and how to reach you, and we will let you know when service arrives.'
            : `Send your details to ${target.providerName} and they will get back to you.`}
        </Typography>
        {submitted ? (
          <Alert severity="success" role="status">
            Thank you! Your request has been sent{general ? '' : ` to ${target.providerName}`}. We will be in touch soon.
            {signupPage && (
              <Box sx={{ mt: 1 }}>
                <Button
                  component="a"
                  href={signupPage}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="small"
                  variant="outlined"
                  color="inherit"
                  endIcon={<OpenInNew />}
                >
                  Open the {target.providerName} sign-up page
                </Button>
              </Box>
            )}
          </Alert>
        ) : (
          <Box component="form" id={`${titleId}-form`} noValidate onSubmit={onSubmit} sx={{ position: 'relative' }}>
            <Controller
              control={control}
              name="lead_type"
              render={({ field, fieldState }) => (
                <FormControl component="fieldset" error={fieldState.invalid} disabled={busy} margin="dense">
                  <FormLabel component="legend">Request Type</FormLabel>
                  <RadioGroup {...field} row>
                    <FormControlLabel value="sign_up" control={<Radio />} label={LEAD_TYPE_LABELS.sign_up} disabled={busy || !target.signupUrl} />
                    <FormControlLabel value="contact_request" control={<Radio />} label={LEAD_TYPE_LABELS.contact_request} />
                  </RadioGroup>
                  {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
                </FormControl>
              )}
            />
            {leadType === 'sign_up' && continuesOn && (
              <Alert severity="info" variant="outlined" sx={{ mt: 1 }}>
                You will continue on <strong>{continuesOn}</strong> to finish signing up, after sending this request.
              </Alert>
            )}
            <FormTextField control={control} name="name" label="Name" required autoComplete="name" autoFocus disabled={busy} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {CONTACT_HINT}
            </Typography>
            <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" disabled={busy} />
            <FormTextField control={control} name="phone" label="Phone" type="tel" autoComplete="tel" disabled={busy} />
            <FormTextField control={control} name="message" label="Message" multiline minRows={3} disabled={busy} />
            {/* Honeypot: off-screen, out of the tab order and hidden from assistive technology; people
                never fill it, form-filling bots do, and the server drops their leads silently. */}
            <Box aria-hidden="true" sx={{ position: 'absolute', left: '-10000px', top: 'auto', width: '1px', height: '1px', overflow: 'hidden' }}>
              <label htmlFor={honeypotId}>Website</label>
              <input id={honeypotId} type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
            </Box>
            {submit.isError && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {failureMessage(submit.error, MESSAGES.leadFailed)}
              </Alert>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {submitted ? (
          <Button onClick={close}>Close</Button>
        ) : (
          <>
            <Button onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={busy}>
              {busy ? 'Submitting...' : 'Submit Request'}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
