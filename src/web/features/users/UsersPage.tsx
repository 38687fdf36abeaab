import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { CreatedInvitation, InvitationSummary, UserSummary } from '../../../common/api/users.js';
import { errorMessage } from '../../api/ApiError.js';
import { useVerifySession } from '../../auth/useVerifySession.js';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { NoticeSnackbar } from '../../ui/NoticeSnackbar.js';
import { LoadingPanel, QueryStates } from '../../ui/QueryStates.js';
import { useDeleteConfirmation } from '../../ui/useDeleteConfirmation.js';
import { useNotice } from '../../ui/useNotice.js';
import { useProviders } from '../providers/index.js';
import { EditAccessDialog } from './EditAccessDialog.js';
import { InvitationLinkDialog } from './InvitationLinkDialog.js';
import { InvitationsTable } from './InvitationsTable.js';
import { InviteDialog } from './InviteDialog.js';
import { useInvitations, useInvite, useRemoveUser, useResetTwoFactor, useRevokeInvitation, useUpdateUser, useUsers } from './userQueries.js';
import { UserSessionsDialog } from './UserSessionsDialog.js';
import { UsersTable } from './UsersTable.js';
import { RetryAlert } from '../../ui/RetryAlert.js';

/** /admin/users (owner only): the team, their roles and providers, and invitations. */
export function UsersPage() {
  const users = useUsers();
  const invitations = useInvitations();
  const providers = useProviders();
  const selfId = useVerifySession().data?.user_id;
  const update = useUpdateUser();
  const reinvite = useInvite();
  const revoke = useRevokeInvitation();
  const { notice, show, close } = useNotice();
  const [inviting, setInviting] = useState(false);
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const [editing, setEditing] = useState<UserSummary | null>(null);
  const [sessionsOf, setSessionsOf] = useState<UserSummary | null>(null);
  const [resetting, setResetting] = useState<UserSummary | null>(null);
  const resetTwoFactor = useResetTwoFactor();
  const removal = useDeleteConfirmation<UserSummary>(useRemoveUser(), show, { deleted: 'User removed', failed: 'Failed to remove the user' });
  const revocation = useDeleteConfirmation<InvitationSummary>(revoke, show, { deleted: 'Invitation revoked', failed: 'Failed to revoke the invitation' });
  const providerList = providers.data ?? [];

  const toggleDisabled = (user: UserSummary) =>
    update.mutate(
      { id: user.id, change: { disabled: !user.disabled } },
      {
        onSuccess: () => show('success', user.disabled ? `${user.username} can sign in again` : `${user.username} is disabled and signed out`),
        onError: (error) => show('error', errorMessage(error, 'Failed to change the user')),
      },
    );

  /** Only the link's hash is kept, so a lost link is replaced: the old one is revoked, a new one made. */
  const newLink = async (invitation: InvitationSummary) => {
    try {
      await revoke.mutateAsync(invitation.id);
      const { email, role, provider_ids } = invitation;
      setCreated(await reinvite.mutateAsync({ email, role, ...(role === 'provider_editor' ? { provider_ids } : {}) }));
    } catch (error) {
      show('error', errorMessage(error, 'Failed to make a new link'));
    }
  };

  return (
    <>
      <AdminPageHeading
        title="Users"
        subtitle="Your team: who may sign in, with which role, and the invitations still waiting."
        action={
          <Button
            variant="contained"
            startIcon={<PersonAddOutlined />}
            onClick={() => {
              close();
              setInviting(true);
            }}
          >
            Invite user
          </Button>
        }
      />

      <QueryStates
        query={users}
        loading={<LoadingPanel label="Loading users" />}
        error={<RetryAlert onRetry={() => void users.refetch()}>Could not load the users. {errorMessage(users.error, '')}</RetryAlert>}
        empty={<Typography>No users.</Typography>}
      >
        {(list) => (
          <UsersTable
            users={list}
            providers={providerList}
            selfId={selfId}
            busyId={update.isPending ? (update.variables?.id ?? null) : null}
            onEditAccess={(user) => {
              close();
              setEditing(user);
            }}
            onToggleDisabled={toggleDisabled}
            onShowSessions={(user) => {
              close();
              setSessionsOf(user);
            }}
            onResetTwoFactor={(user) => {
              close();
              setResetting(user);
            }}
            onRemove={removal.ask}
          />
        )}
      </QueryStates>

      <Box component="section" aria-labelledby="pending-invitations" sx={{ mt: 4 }}>
        <Typography id="pending-invitations" variant="h6" component="h2" sx={{ mb: 1 }}>
          Pending invitations
        </Typography>
        <QueryStates
          query={invitations}
          loading={<LoadingPanel label="Loading invitations" />}
          error={<RetryAlert onRetry={() => void invitations.refetch()}>Could not load the invitations. {errorMessage(invitations.error, '')}</RetryAlert>}
          empty={<Typography color="text.secondary">No invitations are waiting.</Typography>}
        >
          {(list) => (
            <InvitationsTable
              invitations={list}
              busyId={revoke.isPending ? (revoke.variables ?? null) : null}
              onNewLink={(invitation) => void newLink(invitation)}
              onRevoke={revocation.ask}
            />
          )}
        </QueryStates>
      </Box>

      {inviting && (
        <InviteDialog
          providers={providerList}
          onClose={() => setInviting(false)}
          onInvited={(invitation) => {
            setInviting(false);
            setCreated(invitation);
          }}
        />
      )}
      {created && <InvitationLinkDialog created={created} onClose={() => setCreated(null)} />}
      {editing && (
        <EditAccessDialog
          key={editing.id}
          user={editing}
          providers={providerList}
          onClose={() => setEditing(null)}
          onSaved={(message) => show('success', message)}
        />
      )}
      {sessionsOf && (
        <UserSessionsDialog key={sessionsOf.id} user={sessionsOf} onClose={() => setSessionsOf(null)} onEnded={(message) => show('success', message)} />
      )}
      <ConfirmDialog
        open={resetting !== null}
        title={resetting ? `Reset the two-factor sign-in of ${resetting.username}?` : 'Reset two-factor sign-in?'}
        message={`${resetting?.username ?? 'They'} will sign in with their password alone until they set two-factor sign-in up again.`}
        detail={
          resetTwoFactor.isError
            ? errorMessage(resetTwoFactor.error, 'Two-factor sign-in could not be reset.')
            : 'Their authenticator app and recovery codes stop working.'
        }
        confirmLabel="Reset 2FA"
        pendingLabel="Resetting..."
        pending={resetTwoFactor.isPending}
        onCancel={() => {
          setResetting(null);
          resetTwoFactor.reset();
        }}
        onConfirm={() =>
          resetting &&
          resetTwoFactor.mutate(resetting.id, {
            onSuccess: () => {
              setResetting(null);
              show('success', `Two-factor sign-in of ${resetting.username} was reset`);
            },
          })
        }
      />
      <ConfirmDialog
        {...removal.dialog}
        title={removal.item ? `Remove ${removal.item.username}?` : 'Remove user?'}
        message="Are you sure you want to remove this user?"
        detail="They are signed out and can no longer sign in. The audit log keeps what they did. This cannot be undone."
        confirmLabel="Remove"
        pendingLabel="Removing..."
      />
      <ConfirmDialog
        {...revocation.dialog}
        title={revocation.item ? `Revoke the invitation of ${revocation.item.email}?` : 'Revoke invitation?'}
        message="Its link will stop working."
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
      />
      <NoticeSnackbar notice={notice} onClose={close} />
    </>
  );
}
