import { useEffect } from 'react';

/** The message type a host page listens for to size its iframe (SPEC.md section 2). */
export const EMBED_HEIGHT_MESSAGE_TYPE = 'isp-coverage-embed-height';

export interface EmbedHeightMessage {
  type: typeof EMBED_HEIGHT_MESSAGE_TYPE;
  /** The embedded document's height in CSS pixels. */
  height: number;
}

/**
 * Tells the parent window how tall this document is, on load and whenever its size changes, so
 * the host page can fit the iframe to it. Does nothing when the page is not framed.
 */
export function usePostDocumentHeight(): void {
  useEffect(() => {
    if (window.parent === window) return;

    const postHeight = () => {
      const message: EmbedHeightMessage = {
        type: EMBED_HEIGHT_MESSAGE_TYPE,
        height: Math.ceil(document.body.getBoundingClientRect().height),
      };
      // The height is not sensitive and the host's origin is unknown here, hence '*'.
      window.parent.postMessage(message, '*');
    };

    postHeight();
    window.addEventListener('load', postHeight);
    window.addEventListener('resize', postHeight);
    const observer = new ResizeObserver(postHeight);
    observer.observe(document.body);
    return () => {
      window.removeEventListener('load', postHeight);
      window.removeEventListener('resize', postHeight);
      observer.disconnect();
    };
  }, []);
}
