// The admin login page (/admin/login) and the invitation page (/admin/invitation), for the app's router.
export { InvitationPage } from './InvitationPage.js';
export { LoginPage } from './LoginPage.js';
