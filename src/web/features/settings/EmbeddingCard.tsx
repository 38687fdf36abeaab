import Add from '@mui/icons-material/Add';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../api/ApiError.js';
import { SettingsCard } from './SettingsCard.js';
import { SettingsLoadState } from './SettingsLoadState.js';
import type { NoticeSeverity } from '../../ui/useNotice.js';
import { addDomains } from './allowedDomains.js';
import { useEmbedSettings, useSaveEmbedSettings } from './embedSettingsQueries.js';

const SAVED_FALLBACK = 'Embed settings saved';
const SAVE_FAILED = 'Failed to save embed settings';

interface EmbeddingCardProps {
  onResult: (severity: NoticeSeverity, message: string) => void;
}

/** Which websites may show the embedded map (CSP frame-ancestors on /embed and /widget). */
export function EmbeddingCard({ onResult }: EmbeddingCardProps) {
  const settings = useEmbedSettings();
  const save = useSaveEmbedSettings();
  /** The list being edited; null while it is the saved one. */
  const [edited, setEdited] = useState<string[] | null>(null);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const saved = settings.data?.allowed_domains ?? [];
  const domains = edited ?? saved;
  const changed = edited !== null && (edited.length !== saved.length || edited.some((domain, i) => domain !== saved[i]));

  /** Adds what is typed; returns the list with it, or null when something typed is not valid. */
  const addDraft = (): string[] | null => {
    if (draft.trim() === '') return domains;
    const result = addDomains(draft, domains);
    setEdited(result.domains);
    setDraft(result.rest);
    setProblem(result.problem);
    return result.problem ? null : result.domains;
  };

  const remove = (domain: string) => setEdited(domains.filter((other) => other !== domain));

  const onSave = () => {
    const list = addDraft();
    if (!list) return;
    save.mutate(
      { allowed_domains: list },
      {
        onSuccess: (envelope) => {
          setEdited(null);
          onResult('success', envelope.message ?? SAVED_FALLBACK);
        },
        onError: (error) => onResult('error', errorMessage(error, SAVE_FAILED)),
      },
    );
  };

  return (
    <SettingsCard
      headingId="embedding-heading"
      icon={<LanguageOutlined color="primary" />}
      title="Embedding"
      description={<>The websites allowed to show the embedded map and widget. Browsers refuse to show it anywhere else.</>}
    >
      <SettingsLoadState query={settings} loadingLabel="Loading embed settings" failedText="Could not load the embed settings." />
      {settings.isSuccess && (
        <>
          {domains.length === 0 ? (
            <Alert severity="info" sx={{ mt: 2 }}>
              Any website may embed the map. Add a domain to allow only the websites you list.
            </Alert>
          ) : (
            <>
              <Typography variant="body2" sx={{ mt: 2, mb: 1 }}>
                Only these websites, and this site itself, may show the map:
              </Typography>
              <Stack
                component="ul"
                aria-label="Allowed domains"
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }}
              >
                {domains.map((domain) => (
                  <li key={domain}>
                    <Chip label={domain} onDelete={() => remove(domain)} aria-label={`${domain}, press Delete to remove`} />
                  </li>
                ))}
              </Stack>
            </>
          )}

          <Stack
            component="form"
            noValidate
            direction="row"
            spacing={1}
            sx={{ alignItems: 'flex-start', mt: 1 }}
            onSubmit={(event) => {
              event.preventDefault();
              addDraft();
            }}
          >
            <TextField
              label="Add domain"
              value={draft}
              onChange={(event) => {
                setDraft(event.target.value);
                setProblem(null);
              }}
              error={problem !== null}
              helperText={
                problem ?? 'e.g. example.com, *.example.com (its subdomains) or https://example.com:8443. Several at once: separate them with commas.'
              }
              placeholder="partner.example.com"
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', autoComplete: 'off' } }}
            />
            <Button type="submit" variant="outlined" startIcon={<Add />} sx={{ mt: 2, height: 56, flexShrink: 0 }}>
              Add
            </Button>
          </Stack>

          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button variant="contained" onClick={onSave} disabled={save.isPending || (!changed && draft.trim() === '')}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
            {changed && (
              <Button
                onClick={() => {
                  setEdited(null);
                  setDraft('');
                  setProblem(null);
                }}
                disabled={save.isPending}
              >
                Discard changes
              </Button>
            )}
          </Stack>
        </>
      )}
    </SettingsCard>
  );
}
