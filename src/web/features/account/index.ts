// What other features use of account: its screen (admin router).
export { AccountPage } from './AccountPage.js';
