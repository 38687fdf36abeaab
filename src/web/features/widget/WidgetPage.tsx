import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import PlayArrow from '@mui/icons-material/PlayArrow';
import WidgetsOutlined from '@mui/icons-material/WidgetsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CodeBlock } from '../../ui/CodeBlock.js';
import { CopyFeedback } from '../../ui/CopyFeedback.js';
import { useCopyCode } from '../../ui/useCopyCode.js';
import { buildIframeCode, buildScriptEmbedCode, DEFAULT_EMBED_CONFIG, EMBED_HEIGHT_MESSAGE_TYPE } from '../embedding/index.js';
import { ScriptEmbedOptionsTable } from './ScriptEmbedOptionsTable.js';
import { WidgetLiveExample } from './WidgetLiveExample.js';

/** The widget's four features, offered now. */
const FEATURES = [
  {
    title: 'Lightweight map',
    detail: 'One dependency-free script of a few kilobytes adds the map in a frame, loaded only when it scrolls into view.',
  },
  {
    title: 'Configurable appearance',
    detail: 'Light or dark theme, width and height, starting location and zoom, with or without the search bar.',
  },
  {
    title: 'Domain restriction',
    detail: 'The map shows only on the websites the administrator allows; browsers refuse it anywhere else.',
  },
  {
    title: 'Iframe and script embedding',
    detail: 'Add one script tag that sizes itself to the map, or paste a plain iframe where scripts are not allowed.',
  },
];

const SCRIPT_BLOCK = 'Script Embed Code';
const IFRAME_BLOCK = 'Iframe Code';
/** The example's settings: a slightly shorter map, zoomed in one step. */
const EXAMPLE_CONFIG = { ...DEFAULT_EMBED_CONFIG, height: '500px', zoom: 11 };

/** /widget: the script embed (public/embed.js) and how to use it. */
export function WidgetPage() {
  const origin = window.location.origin;
  const copyState = useCopyCode();
  const [showExample, setShowExample] = useState(false);
  const scriptCode = useMemo(() => buildScriptEmbedCode(origin, EXAMPLE_CONFIG), [origin]);
  const iframeCode = useMemo(() => buildIframeCode(origin, EXAMPLE_CONFIG), [origin]);

  return (
    <Box component="main" sx={{ minHeight: '100dvh', py: { xs: 3, md: 6 } }}>
      <title>Embeddable Widget · ISP Coverage Map</title>
      <Container maxWidth="md">
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <WidgetsOutlined color="primary" fontSize="large" />
          <Typography variant="h4" component="h1">
            Embeddable Widget
          </Typography>
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 680 }}>
          Put this internet coverage map on your own website with one line of code. Visitors search their address, see which providers cover it and ask to sign
          up, without leaving your page.
        </Typography>

        <Grid container spacing={2} component="ul" aria-label="Features" sx={{ listStyle: 'none', p: 0, m: 0, mb: 4 }}>
          {FEATURES.map((feature) => (
            <Grid key={feature.title} size={{ xs: 12, sm: 6 }} component="li">
              <Card sx={{ height: '100%' }}>
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                    <CheckCircleOutlined color="primary" fontSize="small" />
                    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                      {feature.title}
                    </Typography>
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {feature.detail}
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>

        <Section title="Add the map with one script tag">
          <Typography sx={{ mb: 2 }}>
            Paste this where the map should appear. The script puts the map right after itself and keeps the frame as tall as the map, so there is no inner
            scroll bar. Each script tag on a page gets its own map.
          </Typography>
          <CodeBlock
            name={SCRIPT_BLOCK}
            code={scriptCode}
            copied={copyState.copiedName === SCRIPT_BLOCK}
            onCopy={() => void copyState.copy(SCRIPT_BLOCK, scriptCode)}
          />
          <Box sx={{ mt: 2 }}>
            {showExample ? (
              <WidgetLiveExample origin={origin} config={EXAMPLE_CONFIG} />
            ) : (
              <Button variant="outlined" startIcon={<PlayArrow />} onClick={() => setShowExample(true)}>
                Show live example
              </Button>
            )}
          </Box>
        </Section>

        <Section title="Options">
          <Typography sx={{ mb: 2 }}>
            Set any of these <code>data-</code> attributes on the script tag; leave one out for its default.
          </Typography>
          <ScriptEmbedOptionsTable />
        </Section>

        <Section title="How the frame fits the map">
          <Typography>
            The embedded map tells the page around it how tall it is, on load and whenever it resizes, with a <code>postMessage</code> of{' '}
            <code>{`{ type: '${EMBED_HEIGHT_MESSAGE_TYPE}', height: <pixels> }`}</code>. The script sets its frame&apos;s height from that message, and it only
            listens to messages sent from <code>{origin}</code> by the frame it created, so other frames and scripts cannot resize it.
          </Typography>
        </Section>

        <Section title="Prefer an iframe?">
          <Typography sx={{ mb: 2 }}>
            Where a site builder does not allow scripts, paste an iframe instead. It keeps the size you give it. The administrator&apos;s Embed Code Generator
            builds iframe code for any settings, including a responsive 16:9 version for phones.
          </Typography>
          <CodeBlock
            name={IFRAME_BLOCK}
            code={iframeCode}
            copied={copyState.copiedName === IFRAME_BLOCK}
            onCopy={() => void copyState.copy(IFRAME_BLOCK, iframeCode)}
          />
        </Section>

        <Section title="Domain restriction">
          <Alert severity="info">
            The site administrator chooses which websites may show the map (Settings → Embedding in the admin portal). Browsers refuse to show it on any other
            website; with no websites listed, any site may show it. If the map stays blank on your page, ask the administrator to add your site&apos;s domain.
          </Alert>
        </Section>

        <Typography variant="body2" color="text.secondary" sx={{ mt: 4 }}>
          <Link component={RouterLink} to="/">
            Open the full coverage map
          </Link>
        </Typography>
      </Container>
      <CopyFeedback state={copyState} />
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 4 }}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
