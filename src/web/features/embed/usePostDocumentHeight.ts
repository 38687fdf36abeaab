import { useEffect } from 'react';
import type { EmbedHeightMessage } from '../embedding/index.js';
import { EMBED_HEIGHT_MESSAGE_TYPE } from '../embedding/index.js';

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
