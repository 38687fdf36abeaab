// What other features use of reports: its screen, for the admin router.
export { ReportsPage } from './ReportsPage.js';
