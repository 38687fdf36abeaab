// The dashboard screen, for the admin router.
export { DashboardPage } from './DashboardPage.js';
