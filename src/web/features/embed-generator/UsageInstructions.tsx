import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CodeBlock } from '../../ui/CodeBlock.js';
import type { CopyCodeState } from '../../ui/useCopyCode.js';
import { EMBED_HEIGHT_MESSAGE_TYPE } from '../embedding/index.js';
import { useEmbedSettings } from '../settings/index.js';

const LISTENER_BLOCK = 'Height Listener Script';

interface UsageInstructionsProps {
  listenerCode: string;
  copyState: CopyCodeState;
}

/** Where to paste the code, how the frame fits the map's height, and which sites may show it. */
export function UsageInstructions({ listenerCode, copyState }: UsageInstructionsProps) {
  const settings = useEmbedSettings();
  const domains = settings.data?.allowed_domains;

  return (
    <Card component="section" aria-labelledby="embed-usage-heading">
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <HelpOutline color="primary" />
          <Typography id="embed-usage-heading" variant="h6" component="h2">
            Usage Instructions
          </Typography>
        </Stack>
        <Box component="ol" sx={{ m: 0, pl: 3, '& > li': { mb: 2 } }}>
          <Step title="Choose the settings">
            The code updates as you type. <strong>Preview Embed</strong> opens the map in an 800×600 window exactly as visitors will see it.
          </Step>
          <Step title="Copy one block and paste it into your page">
            Paste it into the page&apos;s HTML where the map should appear: a &ldquo;Custom HTML&rdquo; block in WordPress, an &ldquo;Embed code&rdquo; element
            in Wix or Squarespace, or your own template. <strong>Responsive Iframe Code</strong> keeps a 16:9 shape at any width, so it suits phones and
            desktops alike. <strong>Standard Iframe Code</strong> has the fixed width and height you chose. <strong>Script Embed Code</strong> is one tag that
            adds the frame and fits its height to the map. Use the <strong>Embed URL</strong> where a site builder asks for an address, or as a link.
          </Step>
          <Step title="Let the frame fit the map">
            The embedded page tells its parent page how tall it is, on load and whenever it resizes, with a message{' '}
            <code>{`{ type: '${EMBED_HEIGHT_MESSAGE_TYPE}', height: <pixels> }`}</code>. The script embed listens for it and sets the frame&apos;s height for
            you. With iframe code, add this listener once to the page to get the same (the responsive code keeps its 16:9 shape and does not need it).
            <Box sx={{ mt: 1.5 }}>
              <CodeBlock
                name={LISTENER_BLOCK}
                code={listenerCode}
                copied={copyState.copiedName === LISTENER_BLOCK}
                onCopy={() => void copyState.copy(LISTENER_BLOCK, listenerCode)}
              />
            </Box>
          </Step>
          <Step title="Allow the websites that show the map">
            Browsers show the map only on the websites listed under{' '}
            <Link component={RouterLink} to="/admin/settings">
              Settings → Embedding
            </Link>
            ; an empty list lets any website embed it.{' '}
            {domains && (
              <Box component="span" sx={{ fontWeight: 600 }}>
                {domains.length === 0 ? 'Right now any website may embed the map.' : `Allowed now: ${domains.join(', ')}.`}
              </Box>
            )}{' '}
            The script embed and its options are documented on the{' '}
            <Link href="/widget" target="_blank" rel="noopener">
              Embeddable Widget page
            </Link>
            .
          </Step>
        </Box>
      </CardContent>
    </Card>
  );
}

function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" component="div" color="text.secondary">
        {children}
      </Typography>
    </li>
  );
}
