import LinkOutlined from '@mui/icons-material/LinkOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { ROLE_LABELS, type InvitationSummary } from '../../../common/api/users.js';
import { formatDateTime } from '../../ui/reportPeriod.js';

interface InvitationsTableProps {
  invitations: readonly InvitationSummary[];
  busyId: number | null;
  /** Replaces the invitation with a new one (the old link stops working) and shows its link. */
  onNewLink: (invitation: InvitationSummary) => void;
  onRevoke: (invitation: InvitationSummary) => void;
}

/** Invitations not yet accepted: to whom, which role, until when, and who sent them. */
export function InvitationsTable({ invitations, busyId, onNewLink, onRevoke }: InvitationsTableProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Pending invitations" size="small">
        <TableHead>
          <TableRow>
            <TableCell>Email</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Expires</TableCell>
            <TableCell>Invited by</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invitations.map((invitation) => (
            <TableRow key={invitation.id}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{invitation.email}</TableCell>
              <TableCell>
                <Chip size="small" label={ROLE_LABELS[invitation.role]} variant="outlined" />
              </TableCell>
              <TableCell>{formatDateTime(invitation.expires_at)}</TableCell>
              <TableCell>{invitation.invited_by ?? '—'}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title="New link to copy" describeChild>
                  <IconButton aria-label={`New link for ${invitation.email}`} onClick={() => onNewLink(invitation)} disabled={busyId === invitation.id}>
                    <LinkOutlined />
                  </IconButton>
                </Tooltip>
                <Tooltip title="Revoke" describeChild>
                  <IconButton
                    aria-label={`Revoke the invitation of ${invitation.email}`}
                    color="error"
                    onClick={() => onRevoke(invitation)}
                    disabled={busyId === invitation.id}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
