import Check from '@mui/icons-material/Check';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { visuallyHidden } from './visuallyHidden.js';

interface CodeBlockProps {
  /** The block's heading and the accessible name of its region; the button is "Copy <name>" ("Copied <name>" just after). */
  name: string;
  code: string;
  description?: ReactNode;
  /** A chip beside the heading, e.g. "Recommended". */
  badge?: string;
  /** Whether this block's code was just copied (the button shows it). */
  copied: boolean;
  onCopy: () => void;
}

/** A named, copyable piece of code, shown as it will be pasted. */
export function CodeBlock({ name, code, description, badge, copied, onCopy }: CodeBlockProps) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
        {badge && <Chip label={badge} color="success" size="small" />}
        <Box sx={{ flexGrow: 1 }} />
        <Button
          size="small"
          variant={copied ? 'contained' : 'outlined'}
          color={copied ? 'success' : 'primary'}
          startIcon={copied ? <Check /> : <ContentCopy />}
          onClick={onCopy}
        >
          {copied ? 'Copied' : 'Copy'}
          {/* The block's name completes the button's name without hiding the word shown. */}
          <Box component="span" sx={visuallyHidden}>
            {' '}
            {name}
          </Box>
        </Button>
      </Stack>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {description}
        </Typography>
      )}
      <Box
        component="pre"
        sx={{
          m: 0,
          mt: 1.5,
          p: 1.5,
          borderRadius: 1,
          bgcolor: '#1e2530',
          color: '#e6edf3',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
          fontSize: 13,
          lineHeight: 1.6,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        <code>{code}</code>
      </Box>
    </Paper>
  );
}
