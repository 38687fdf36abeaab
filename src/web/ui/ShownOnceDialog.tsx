import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';
import { CodeBlock } from './CodeBlock.js';
import { CopyFeedback } from './CopyFeedback.js';
import { useCopyCode } from './useCopyCode.js';

interface ShownOnceDialogProps {
  title: string;
  /** What the value is for and what to do with it. */
  intro: ReactNode;
  /** That it will not be shown again, and what to do if it is lost. */
  warning: string;
  /** The code block's name ("Signing secret"), which its copy button names too. */
  name: string;
  value: string;
  onClose: () => void;
}

/** A value the server answers this once (it keeps only a hash, or never answers it again), with a copy button. */
export function ShownOnceDialog({ title, intro, warning, name, value, onClose }: ShownOnceDialogProps) {
  const titleId = useId();
  const copy = useCopyCode();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>{intro}</DialogContentText>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {warning}
        </Alert>
        <CodeBlock name={name} code={value} copied={copy.copiedName === name} onCopy={() => void copy.copy(name, value)} />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
      <CopyFeedback state={copy} />
    </Dialog>
  );
}
