import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Speed from '@mui/icons-material/Speed';
import WifiTethering from '@mui/icons-material/WifiTethering';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import type { CoverageCheckResult } from '../../../common/api/coverage.js';
import type { PublicZone } from '../../../common/api/zones.js';
import { usePublicZones } from '../../map/publicZones.js';
import { ZONE_COLOR } from '../../map/zoneAreaLayers.js';
import { ServiceStatusChip } from '../../ui/ServiceStatusChip.js';
import { formatPoint } from './CoverageSearchBox.js';
import type { LeadTarget } from './leadTarget.js';
import { GENERAL_INQUIRY_TARGET, signupHost } from './leadTarget.js';
import { MESSAGES } from './messages.js';
import { ProviderAvatar } from './ProviderAvatar.js';
import type { CheckRequest } from './useCoverageCheck.js';
import { hasCoverage } from './useCoverageCheck.js';
import type { WaitlistTarget } from './waitlistTarget.js';
import { offersWaitlist, zonesAtPoint } from './waitlistTarget.js';
import type { WirelessOffer } from './wirelessOffer.js';
import { coverageHeadline, LIKELIHOOD_COLORS, QUALITY_COLORS, wirelessOffer } from './wirelessOffer.js';
import { MuiDialogScope } from '../../ui/MuiDialogScope.js';
import { ZoneProgress } from './ZoneProgress.js';

type CoverageProvider = CoverageCheckResult['providers'][number];

interface CoverageResultsDialogProps {
  open: boolean;
  request: CheckRequest | null;
  checking: boolean;
  error: string | null;
  result: CoverageCheckResult | null;
  onClose: () => void;
  /** Opens the lead form ("Contact Provider") for a provider or the General Inquiry. */
  onLead: (target: LeadTarget) => void;
  /** Opens "Notify me when it's available" or a zone's pre-registration. */
  onWaitlist: (target: WaitlistTarget) => void;
}

/** What the result's buttons open. */
interface ResultActions {
  onLead: (target: LeadTarget) => void;
  onWaitlist: (target: WaitlistTarget) => void;
}

/** The label of every "Notify me" button. */
const NOTIFY_ME = "Notify me when it's available";

/**
 * The "Coverage Results" dialog: the pre-registration zones the point is in, the providers at the
 * point and the wireless offer, or the no-coverage message with Contact Us; "Notify me when it's
 * available" beside each Coming Soon or In Progress provider, and for any provider when there is no coverage.
 */
export function CoverageResultsDialog({ open, request, checking, error, result, onClose, onLead, onWaitlist }: CoverageResultsDialogProps) {
  const titleId = useId();
  const place = request ? (request.address ?? formatPoint(request.point)) : '';
  const zones = usePublicZones();
  const point = request?.point;
  const zonesHere = useMemo(() => (point ? zonesAtPoint(zones, point) : []), [zones, point]);
  const actions = useMemo(() => ({ onLead, onWaitlist }), [onLead, onWaitlist]);

  return (
    <MuiDialogScope>
      <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>Coverage Results</DialogTitle>
        <DialogContent dividers>
          {request && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, color: 'text.secondary' }}>
              <PlaceOutlined fontSize="small" aria-hidden />
              <Typography variant="body2">{place}</Typography>
            </Stack>
          )}
          {checking && (
            <Stack role="status" direction="row" spacing={2} sx={{ alignItems: 'center', py: 3, justifyContent: 'center' }}>
              <CircularProgress size={28} aria-hidden />
              <Typography>Checking coverage...</Typography>
            </Stack>
          )}
          {!checking && error && <Alert severity="error">{error}</Alert>}
          {!checking && !error && result && (
            <Stack spacing={2}>
              {zonesHere.length > 0 && (
                <Box component="ul" aria-label="Pre-registration zones" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
                  {zonesHere.map((zone) => (
                    <ZoneItem key={zone.id} zone={zone} onWaitlist={onWaitlist} />
                  ))}
                </Box>
              )}
              <ResultBody result={result} actions={actions} />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
    </MuiDialogScope>
  );
}

/** A zone the point is in: its name and provider, its progress, and the pre-registration button. */
function ZoneItem({ zone, onWaitlist }: { zone: PublicZone; onWaitlist: (target: WaitlistTarget) => void }) {
  const nameId = useId();
  return (
    // Edged in the zones' colour on the map, so the two read as one.
    <Box component="li" aria-labelledby={nameId} sx={{ border: 1, borderColor: 'divider', borderLeft: `4px solid ${ZONE_COLOR}`, borderRadius: 1, p: 1.5 }}>
      <Typography id={nameId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {zone.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        This address is in a pre-registration zone of {zone.provider_name}.
      </Typography>
      <ZoneProgress zone={zone} />
      <Button variant="contained" size="small" sx={{ mt: 1.5 }} onClick={() => onWaitlist({ kind: 'zone', zone })}>
        Pre-register
      </Button>
    </Box>
  );
}

function ResultBody({ result, actions }: { result: CoverageCheckResult; actions: ResultActions }) {
  const { onLead, onWaitlist } = actions;
  const offer = wirelessOffer(result.wireless_feasibility);
  if (!hasCoverage(result)) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="info" sx={{ width: '100%' }}>
          {MESSAGES.noCoverage}
        </Alert>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => onLead(GENERAL_INQUIRY_TARGET)}>
            Contact Us
          </Button>
          {/* Nobody serves the spot: the waitlist is for any provider. */}
          <Button variant="outlined" onClick={() => onWaitlist({ kind: 'any' })}>
            {NOTIFY_ME}
          </Button>
        </Stack>
      </Stack>
    );
  }
  const count = result.providers.length;
  const headline = coverageHeadline(count, offer !== null);
  return (
    <Stack spacing={2}>
      {headline && (
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {headline}
        </Typography>
      )}
      {count > 0 && (
        <Box component="ul" aria-label="Providers" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {result.providers.map((provider) => (
            <ProviderItem key={provider.id} provider={provider} actions={actions} />
          ))}
        </Box>
      )}
      {offer && (
        <Box component="ul" aria-label="Wireless service" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          <WirelessOfferItem offer={offer} onLead={onLead} />
        </Box>
      )}
      {count === 0 && !offer && (
        <Box>
          <Button variant="contained" onClick={() => onLead(GENERAL_INQUIRY_TARGET)}>
            Contact Us
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/**
 * The fixed-wireless offer, drawn like a provider entry: the service, its signal quality, the tower
 * it comes from, the estimated speed and the server's message. Its enquiry goes to the General
 * Inquiry (the towers belong to no listed provider).
 */
function WirelessOfferItem({ offer, onLead }: { offer: WirelessOffer; onLead: (target: LeadTarget) => void }) {
  const nameId = useId();
  const colors = QUALITY_COLORS[offer.quality];
  return (
    <Box
      component="li"
      aria-labelledby={nameId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
    >
      <Avatar variant="rounded" aria-hidden sx={{ width: 48, height: 48, bgcolor: 'success.main' }}>
        <WifiTethering />
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={nameId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            Fixed Wireless
          </Typography>
          <Chip size="small" label={offer.qualityLabel} sx={{ bgcolor: colors.bg, color: colors.fg, fontWeight: 600 }} />
        </Stack>
        {(offer.likelihood || offer.towerName) && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
            {offer.likelihood && (
              <Typography
                variant="body2"
                component="strong"
                data-likelihood={offer.likelihood.key}
                sx={{
                  fontWeight: 600,
                  px: 0.75,
                  borderRadius: 0.5,
                  bgcolor: LIKELIHOOD_COLORS[offer.likelihood.key].bg,
                  color: LIKELIHOOD_COLORS[offer.likelihood.key].fg,
                }}
              >
                {offer.likelihood.label}
              </Typography>
            )}
            {offer.towerName && (
              <Typography variant="body2">
                From the {offer.towerName} tower{offer.distanceKm !== null ? `, ${offer.distanceKm.toFixed(1)} km away` : ''}
              </Typography>
            )}
          </Stack>
        )}
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
          <Chip icon={<Speed />} label={`Estimated speed: ${offer.speed}`} size="small" variant="outlined" />
          {offer.antenna && <Chip label={offer.antenna} size="small" variant="outlined" />}
        </Stack>
        {offer.message && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {offer.message}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
          <Button variant="outlined" size="small" onClick={() => onLead(GENERAL_INQUIRY_TARGET)}>
            Contact Us
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}

function ProviderItem({ provider, actions }: { provider: CoverageProvider; actions: ResultActions }) {
  const { onLead, onWaitlist } = actions;
  const nameId = useId();
  const continuesOnId = useId();
  const continuesOn = signupHost(provider.signup_url);
  const target = (requestedType: LeadTarget['requestedType']): LeadTarget => ({
    providerId: provider.id,
    providerName: provider.name,
    signupUrl: provider.signup_url,
    requestedType,
  });
  return (
    <Box
      component="li"
      aria-labelledby={nameId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
    >
      <ProviderAvatar name={provider.name} logoFilename={provider.logo_filename} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={nameId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {provider.name}
          </Typography>
          <ServiceStatusChip status={provider.service_status} />
        </Stack>
        {provider.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {provider.description}
          </Typography>
        )}
        {provider.services.length > 0 && (
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
            {provider.services.map((service) => (
              <Chip key={service} label={service} size="small" variant="outlined" />
            ))}
          </Stack>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          {provider.signup_url && (
            <Button variant="contained" size="small" onClick={() => onLead(target('sign_up'))} aria-describedby={continuesOn ? continuesOnId : undefined}>
              Sign Up
            </Button>
          )}
          <Button variant="outlined" size="small" onClick={() => onLead(target('contact_request'))}>
            Contact
          </Button>
          {offersWaitlist(provider) && (
            <Button variant="outlined" size="small" onClick={() => onWaitlist({ kind: 'provider', providerId: provider.id, providerName: provider.name })}>
              {NOTIFY_ME}
            </Button>
          )}
          {provider.signup_url && continuesOn && (
            <Typography id={continuesOnId} variant="caption" color="text.secondary">
              Sign-up continues on {continuesOn}
            </Typography>
          )}
        </Stack>
      </Box>
    </Box>
  );
}
