// What other features use of the embed code generator: its screen, for the admin router.
export { EmbedGeneratorPage } from './EmbedGeneratorPage.js';
