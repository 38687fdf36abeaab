import { ForbiddenError, NotFoundError } from '../errors.js';
import type { AdminPrincipal } from './authService.js';

export const OWNER_ONLY = 'Only an owner can manage users';
export const USER_NOT_FOUND = 'User not found';

/**
 * Another user's account as an owner's tool reaches it (their 2FA reset, their sessions): anyone
 * but an owner is refused (403), then a user `findUser` does not find is not found (404). The route
 * table refuses the other roles first; this keeps the service safe on its own.
 */
export async function userInOwnersReach<T>(actor: AdminPrincipal, findUser: () => Promise<T | undefined>): Promise<T> {
  if (actor.role !== 'owner') throw new ForbiddenError(OWNER_ONLY);
  const user = await findUser();
  if (user === undefined) throw new NotFoundError(USER_NOT_FOUND);
  return user;
}
