// What other features use of settings: its screen (admin router), the embedding settings
// (the embed code generator shows which sites may embed the map) and the antenna pattern library
// (the tower dialog's sectors pick a pattern from it, the Towers map sizes their wedges by it), and
// the radio settings (a lead's install names one of their CPE profiles), and the password card with
// its tips (the Account page, every role's, shows them).
export { SettingsPage } from './SettingsPage.js';
export { ChangePasswordCard } from './ChangePasswordCard.js';
export { SecurityTipsCard } from './SecurityTipsCard.js';
export { useEmbedSettings } from './embedSettingsQueries.js';
export { useAntennaPatterns } from './antennaPatternQueries.js';
export { useRadioSettings } from './radioSettingsQueries.js';
