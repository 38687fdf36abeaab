import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { TwoFactorSetup } from '../../../common/api/auth.js';
import { errorMessage } from '../../api/ApiError.js';
import { useVerifySession } from '../../auth/useVerifySession.js';
import { SectionCard } from '../../ui/SectionCard.js';
import { useDisableTwoFactor, useRefreshSession, useRenewRecoveryCodes, useTwoFactorSetup } from './accountQueries.js';
import { RecoveryCodesPanel } from './RecoveryCodesPanel.js';
import { TwoFactorCodeDialog } from './TwoFactorCodeDialog.js';
import { TwoFactorSetupPanel } from './TwoFactorSetupPanel.js';

/** What the card shows besides the status: the enrolment steps, or new recovery codes to save. */
type Phase = { step: 'status' } | { step: 'setup'; setup: TwoFactorSetup } | { step: 'codes'; codes: string[] };

/** Two-factor sign-in on the Account page: set it up, renew the recovery codes, turn it off. */
export function TwoFactorCard({ onResult }: { onResult: (message: string) => void }) {
  const session = useVerifySession();
  const startSetup = useTwoFactorSetup();
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const refreshSession = useRefreshSession();
  const [phase, setPhase] = useState<Phase>({ step: 'status' });
  const [dialog, setDialog] = useState<'disable' | 'renew' | null>(null);
  // On from the moment the first code is accepted, while its recovery codes are still on screen.
  const enabled = (session.data?.two_factor_enabled ?? false) || phase.step === 'codes';

  const closeDialog = () => {
    setDialog(null);
    disable.reset();
    renew.reset();
  };

  return (
    <SectionCard
      title="Two-factor sign-in"
      subtitle="A code from an app on your phone at each sign-in, so a stolen password alone cannot open your account."
      action={<Chip label={enabled ? 'On' : 'Off'} color={enabled ? 'success' : 'default'} />}
    >
      {session.data?.two_factor_required_setup && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Your role must use two-factor sign-in. Set it up to open the rest of the admin area.
        </Alert>
      )}
      {phase.step === 'setup' && (
        <TwoFactorSetupPanel setup={phase.setup} onEnabled={(codes) => setPhase({ step: 'codes', codes })} onCancel={() => setPhase({ step: 'status' })} />
      )}
      {phase.step === 'codes' && (
        <RecoveryCodesPanel
          codes={phase.codes}
          username={session.data?.username ?? ''}
          onDone={() => {
            setPhase({ step: 'status' });
            void refreshSession();
          }}
        />
      )}
      {phase.step === 'status' && (
        <Stack spacing={2}>
          <Typography variant="body2">
            {enabled
              ? 'Two-factor sign-in is on. Keep your recovery codes safe; make new ones if you used several or lost them.'
              : 'Two-factor sign-in is off. Set it up with an authenticator app.'}
          </Typography>
          {startSetup.isError && <Alert severity="error">{errorMessage(startSetup.error, 'Setup could not start. Please try again.')}</Alert>}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            {enabled ? (
              <>
                <Button variant="outlined" onClick={() => setDialog('renew')}>
                  New recovery codes
                </Button>
                <Button variant="outlined" color="error" onClick={() => setDialog('disable')}>
                  Turn off
                </Button>
              </>
            ) : (
              <Button
                variant="contained"
                disabled={startSetup.isPending}
                onClick={() => startSetup.mutate(undefined, { onSuccess: (setup) => setPhase({ step: 'setup', setup }) })}
              >
                {startSetup.isPending ? 'Starting...' : 'Set up'}
              </Button>
            )}
          </Stack>
        </Stack>
      )}
      <TwoFactorCodeDialog
        key={dialog ?? 'closed'}
        open={dialog === 'disable'}
        title="Turn off two-factor sign-in?"
        text="Your password alone will sign you in again, and your recovery codes stop working. Enter your password and a code to confirm."
        withPassword
        confirmLabel="Turn off"
        destructive
        pending={disable.isPending}
        error={disable.error}
        onCancel={closeDialog}
        onConfirm={(values) =>
          disable.mutate(values, {
            onSuccess: () => {
              closeDialog();
              onResult('Two-factor sign-in is off');
            },
          })
        }
      />
      <TwoFactorCodeDialog
        open={dialog === 'renew'}
        title="Make new recovery codes?"
        text="Your old recovery codes stop working. Enter a code from your app (or a recovery code) to confirm."
        withPassword={false}
        confirmLabel="Make new codes"
        pending={renew.isPending}
        error={renew.error}
        onCancel={closeDialog}
        onConfirm={({ code }) =>
          renew.mutate(code, {
            onSuccess: (result) => {
              closeDialog();
              setPhase({ step: 'codes', codes: result.recovery_codes });
            },
          })
        }
      />
    </SectionCard>
  );
}
