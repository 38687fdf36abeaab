import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import type { AuditEntry } from '../../../common/api/audit.js';
import { formatDateTime } from '../../ui/reportPeriod.js';
import { auditActorText, auditFieldChanges, auditWord } from './auditText.js';

const COLUMNS = 6;

/** The entries, newest first, each opening onto its fields' old and new values. */
export function AuditTable({ entries, footer }: { entries: readonly AuditEntry[]; footer: ReactNode }) {
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Audit entries">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>Time</TableCell>
              <TableCell>Who</TableCell>
              <TableCell>Action</TableCell>
              <TableCell>Entity</TableCell>
              <TableCell>Address</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {footer}
    </Paper>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const changes = auditFieldChanges(entry);
  const what = `${auditWord(entry.entity)}${entry.entity_id === null ? '' : ` ${entry.entity_id}`}`;
  return (
    <>
      <TableRow hover sx={{ '& > td': { borderBottom: open ? 'unset' : undefined } }}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-expanded={open}
            aria-label={`${open ? 'Hide' : 'Show'} the changes of ${auditWord(entry.action).toLowerCase()} ${what}`}
            onClick={() => setOpen(!open)}
          >
            {open ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at, { seconds: true })}</TableCell>
        <TableCell>{auditActorText(entry.actor)}</TableCell>
        <TableCell>{auditWord(entry.action)}</TableCell>
        <TableCell>{what}</TableCell>
        <TableCell>{entry.ip ?? '—'}</TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={COLUMNS} sx={{ py: 0 }}>
          <Collapse in={open} unmountOnExit>
            <Box sx={{ py: 1.5, pl: 6 }}>
              {changes.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  No fields were recorded for this entry.
                </Typography>
              ) : (
                <Table size="small" aria-label={`Changes of ${what}`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Field</TableCell>
                      <TableCell>Before</TableCell>
                      <TableCell>After</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {changes.map((change) => (
                      <TableRow key={change.field}>
                        <TableCell sx={{ fontFamily: 'monospace' }}>{change.field}</TableCell>
                        <TableCell sx={{ wordBreak: 'break-word', maxWidth: 360 }}>{change.before}</TableCell>
                        <TableCell sx={{ wordBreak: 'break-word', maxWidth: 360 }}>{change.after}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}
