/** The message type a host page listens for to size its iframe. */
export const EMBED_HEIGHT_MESSAGE_TYPE = 'isp-coverage-embed-height';

/** What /embed posts to its parent window, on load and whenever its size changes. */
export interface EmbedHeightMessage {
  type: typeof EMBED_HEIGHT_MESSAGE_TYPE;
  /** The embedded document's height in CSS pixels. */
  height: number;
}
