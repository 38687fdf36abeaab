// How other sites embed the coverage map, shared by the /embed page (features/embed), the embed
// code generator and the widget page: the /embed query parameters (read, and their defaults), the
// height message /embed posts to its parent, and the code that embeds it (URL, iframe, embed.js
// script tag). Pure: no screen, no map code.
export { EMBED_DEFAULT_HEIGHT, EMBED_DEFAULT_THEME, embedView, parseEmbedParams, showsDefaultFirstScreen } from './embedParams.js';
export type { EmbedParams } from './embedParams.js';
export { EMBED_HEIGHT_MESSAGE_TYPE } from './embedHeightMessage.js';
export type { EmbedHeightMessage } from './embedHeightMessage.js';
export {
  buildEmbedUrl,
  buildIframeCode,
  buildResponsiveIframeCode,
  buildScriptEmbedCode,
  DEFAULT_EMBED_CONFIG,
  EMBED_DEFAULT_WIDTH,
  EMBED_FRAME_TITLE,
  formatLocation,
  scriptEmbedData,
} from './embedCode.js';
export type { EmbedConfig } from './embedCode.js';
