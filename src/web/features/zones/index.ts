// The Zones screen, for the admin router (loaded on demand: its drawing tools are a chunk of their own).
export { ZonesPage } from './ZonesPage.js';
