import OpenInNew from '@mui/icons-material/OpenInNew';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { usePublicConfig } from '../../map/publicConfig.js';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';
import { CodeBlock } from '../../ui/CodeBlock.js';
import { CopyFeedback } from '../../ui/CopyFeedback.js';
import { NoticeSnackbar } from '../../ui/NoticeSnackbar.js';
import { useCopyCode } from '../../ui/useCopyCode.js';
import { useNotice } from '../../ui/useNotice.js';
import { buildEmbedUrl, buildIframeCode, buildResponsiveIframeCode, buildScriptEmbedCode } from '../embedding/index.js';
import { EmbedConfigForm } from './EmbedConfigForm.js';
import type { EmbedConfigInput } from './embedConfigInput.js';
import { PREVIEW_POPUP_FEATURES, resolveEmbedConfig, startEmbedConfigInput } from './embedConfigInput.js';
import { buildHeightListenerCode } from './heightListenerCode.js';
import { UsageInstructions } from './UsageInstructions.js';

const POPUP_BLOCKED = 'The browser blocked the preview window. Allow pop-ups for this site, or open the Embed URL in a new tab.';

/** /admin/embed ("Embed Code Generator"). */
export function EmbedGeneratorPage() {
  // Until the administrator edits the form, it follows where the public map opens (GET /api/config).
  const startView = usePublicConfig().data?.start_view;
  const defaults = useMemo(() => startEmbedConfigInput(startView), [startView]);
  const [edited, setEdited] = useState<EmbedConfigInput | null>(null);
  const input = edited ?? defaults;
  const { config, problems } = useMemo(() => resolveEmbedConfig(input), [input]);
  const origin = window.location.origin;
  const copyState = useCopyCode();
  const { notice, show, close } = useNotice();

  const blocks = useMemo(() => {
    const embedUrl = buildEmbedUrl(origin, config);
    return {
      embedUrl,
      list: [
        {
          name: 'Embed URL',
          code: embedUrl,
          description: 'The address of the map with these settings, for a link or a site builder that asks for a URL.',
        },
        {
          name: 'Standard Iframe Code',
          code: buildIframeCode(origin, config),
          description: 'A frame of the chosen width and height.',
        },
        {
          name: 'Responsive Iframe Code',
          badge: 'Recommended',
          code: buildResponsiveIframeCode(origin, config),
          description: 'Keeps a 16:9 shape at any screen width; the height setting does not apply.',
        },
        {
          name: 'Script Embed Code',
          code: buildScriptEmbedCode(origin, config),
          description: (
            <>
              One tag that adds the frame where it is placed and fits the frame&apos;s height to the map. Options are documented on the{' '}
              <Link href="/widget" target="_blank" rel="noopener">
                Embeddable Widget page
              </Link>
              .
            </>
          ),
        },
      ],
    };
  }, [origin, config]);
  const listenerCode = useMemo(() => buildHeightListenerCode(origin), [origin]);

  const preview = () => {
    const popup = window.open(blocks.embedUrl, 'isp-coverage-embed-preview', PREVIEW_POPUP_FEATURES);
    if (popup) popup.focus();
    else show('warning', POPUP_BLOCKED);
  };

  return (
    <>
      <AdminPageHeading
        title="Embed Code Generator"
        subtitle="Put the coverage map on your own or a partner's website."
        action={
          <Button variant="contained" startIcon={<OpenInNew />} onClick={preview}>
            Preview Embed
          </Button>
        }
      />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5, lg: 4 }}>
          <Card component="section" aria-labelledby="embed-config-heading" sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
            <CardContent sx={{ p: 3 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TuneOutlined color="primary" />
                <Typography id="embed-config-heading" variant="h6" component="h2">
                  Configuration
                </Typography>
              </Stack>
              <EmbedConfigForm value={input} problems={problems} onChange={(changes) => setEdited({ ...input, ...changes })} onReset={() => setEdited(null)} />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 7, lg: 8 }}>
          <Stack spacing={2}>
            {blocks.list.map((block) => (
              <CodeBlock
                key={block.name}
                name={block.name}
                badge={block.badge}
                code={block.code}
                description={block.description}
                copied={copyState.copiedName === block.name}
                onCopy={() => void copyState.copy(block.name, block.code)}
              />
            ))}
          </Stack>
        </Grid>
        <Grid size={12}>
          <UsageInstructions listenerCode={listenerCode} copyState={copyState} />
        </Grid>
      </Grid>
      <CopyFeedback state={copyState} />
      <NoticeSnackbar notice={notice} onClose={close} />
    </>
  );
}
