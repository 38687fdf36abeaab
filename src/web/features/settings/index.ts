// What other features use of settings: its screen (admin router), the embedding settings
// (the embed code generator shows which sites may embed the map) and the antenna pattern library
// (the tower dialog's sectors pick a pattern from it, the Towers map sizes their wedges by it), and
// the radio settings (a lead's install names one of their CPE profiles).
export { SettingsPage } from './SettingsPage.js';
export { useEmbedSettings } from './embedSettingsQueries.js';
export { useAntennaPatterns } from './antennaPatternQueries.js';
export { useRadioSettings } from './radioSettingsQueries.js';
