import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../api/apiClient.js';
import { QUERY_KEYS } from '../../api/queryKeys.js';
import type { SessionSummary } from '../../../common/api/auth.js';
import type { CreatedInvitation, CreateInvitationRequest, InvitationSummary, UpdateUserRequest, UserSummary } from '../../../common/api/users.js';

const USERS_KEY = QUERY_KEYS.users;
const INVITATIONS_KEY = [...USERS_KEY, 'invitations'] as const;
const userSessionsKey = (userId: number) => [...USERS_KEY, userId, 'sessions'] as const;

/** GET /api/users: the team. */
export function useUsers() {
  return useQuery({
    queryKey: [...USERS_KEY, 'list'],
    queryFn: ({ signal }) => apiData<UserSummary[]>('/users', { authenticated: true, signal }),
  });
}

/** GET /api/users/invitations: the invitations still waiting. */
export function useInvitations() {
  return useQuery({
    queryKey: INVITATIONS_KEY,
    queryFn: ({ signal }) => apiData<InvitationSummary[]>('/users/invitations', { authenticated: true, signal }),
  });
}

/** POST /api/users/invitations: resolves to the invitation with its one-time link. */
export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInvitationRequest) => apiData<CreatedInvitation>('/users/invitations', { method: 'POST', body: input, authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<never>(`/users/invitations/${id}`, { method: 'DELETE', authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY }),
  });
}

/** PUT /api/users/{id}: role, providers or disabled (the user's sessions end when their access changes). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: UpdateUserRequest }) =>
      apiRequest<UserSummary>(`/users/${id}`, { method: 'PUT', body: change, authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<never>(`/users/${id}`, { method: 'DELETE', authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

/** GET /api/users/{id}/sessions: where that user is signed in. */
export function useUserSessions(userId: number) {
  return useQuery({
    queryKey: userSessionsKey(userId),
    queryFn: ({ signal }) => apiData<SessionSummary[]>(`/users/${userId}/sessions`, { authenticated: true, signal }),
  });
}

/** DELETE /api/users/{id}/sessions/{sessionId}: signs that user out of one session. */
export function useEndUserSession(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) => apiRequest<never>(`/users/${userId}/sessions/${sessionId}`, { method: 'DELETE', authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userSessionsKey(userId) }),
  });
}

/** DELETE /api/users/{id}/2fa: turns off that user's two-factor sign-in, e.g. after a lost phone. */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => apiRequest<never>(`/users/${userId}/2fa`, { method: 'DELETE', authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
