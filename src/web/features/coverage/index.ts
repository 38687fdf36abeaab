// What other features use of coverage management: its screen, for the admin router.
export { CoverageManagementPage } from './CoverageManagementPage.js';
