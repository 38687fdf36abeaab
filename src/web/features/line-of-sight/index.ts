// The Line of Sight screen, for the admin router.
export { LineOfSightPage } from './LineOfSightPage.js';
