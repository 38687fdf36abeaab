// The leads inbox, for the admin router.
export { LeadsPage } from './LeadsPage.js';
