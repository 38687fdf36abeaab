// The public map page (/ and /map), for the app's router.
export { PublicMapPage } from './PublicMapPage.js';
