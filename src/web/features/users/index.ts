// The team's users and invitations (issue 22): its screen, for the admin router.
export { UsersPage } from './UsersPage.js';
