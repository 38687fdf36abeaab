import type { AdminPrincipal } from '../auth/authService.js';

/**
 * Which providers' records a request may reach: null for every provider (owner, admin, viewer), or
 * the ids a provider editor is scoped to. Services filter lists by it and answer 404 for a record
 * outside it, so another provider's record is never revealed, not even as a 403.
 */
export type ProviderScope = readonly number[] | null;

export function providerScopeOf(principal: AdminPrincipal): ProviderScope {
  return principal.role === 'provider_editor' ? principal.providerIds : null;
}

/** Whether a provider id (null: no provider, the map operator's own record) is inside the scope. */
export function inProviderScope(scope: ProviderScope, providerId: number | null): boolean {
  return scope === null || (providerId !== null && scope.includes(providerId));
}
