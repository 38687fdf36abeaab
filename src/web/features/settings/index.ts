// What other features use of settings: its screen (admin router) and the embedding settings
// (the embed code generator shows which sites may embed the map).
export { SettingsPage } from './SettingsPage.js';
export { useEmbedSettings } from './embedSettingsQueries.js';
