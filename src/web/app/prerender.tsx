import { renderToString } from 'react-dom/server';
import type { PublicPageName } from './publicPage.js';
import { publicPageTree } from './publicPage.js';

/**
 * The public pages' first screen as HTML, rendered at build time (scripts/prerender.mjs writes it
 * into map.html and embed.html): the heading, the search box and the legend are painted from the
 * HTML and CSS alone, and React takes them over (main.tsx, hydrateRoot) when its script has run.
 * /embed is rendered with its default parameters.
 */
export function prerenderPublicPages(): Record<PublicPageName, string> {
  return { map: renderToString(publicPageTree('map', '')), embed: renderToString(publicPageTree('embed', '')) };
}
