import { EMBED_HEIGHT_MESSAGE_TYPE } from '../embedding/index.js';

/**
 * A listener a host page can add beside plain iframe code to fit the frame to the map, doing what
 * embed.js does: it trusts only messages from this site's origin, and sizes only the frame that
 * sent the message.
 */
export function buildHeightListenerCode(origin: string): string {
  const site = JSON.stringify(origin.replace(/\/+$/, '')).replace(/</g, '\\u003c');
  return [
    '<script>',
    "window.addEventListener('message', function (event) {",
    `  if (event.origin !== ${site} || !event.data || event.data.type !== '${EMBED_HEIGHT_MESSAGE_TYPE}') return;`,
    "  var frames = document.getElementsByTagName('iframe');",
    '  for (var i = 0; i < frames.length; i++) {',
    "    if (frames[i].contentWindow === event.source) frames[i].style.height = Math.ceil(event.data.height) + 'px';",
    '  }',
    '});',
    '</script>',
  ].join('\n');
}
