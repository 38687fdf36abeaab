import { StrictMode } from 'react';
import type { ReactElement } from 'react';
import { EmbedMapPage } from '../features/embed/index.js';
import { showsDefaultFirstScreen } from '../features/embedding/index.js';
import { PublicMapPage } from '../features/public-map/index.js';
import { AppErrorBoundary } from './AppErrorBoundary.js';

/**
 * The public pages: the map (/ and /map) and /embed. They are shown without the router, MUI or
 * TanStack Query (FullApp has those), so that most visits download React, the page and the map,
 * and nothing else; and their first screen is rendered ahead of time into map.html and embed.html
 * (app/prerender.tsx), so it is painted before any script has run.
 */
export type PublicPageName = 'map' | 'embed';

/** The public page at a path (with or without a trailing slash), or null for a path the full app routes. */
export function publicPageAt(pathname: string): PublicPageName | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/' || path === '/map') return 'map';
  if (path === '/embed') return 'embed';
  return null;
}

/** The whole tree of a public page; `search` is the address's query string (/embed's parameters). */
export function publicPageTree(name: PublicPageName, search: string): ReactElement {
  return (
    <StrictMode>
      <AppErrorBoundary>{name === 'map' ? <PublicMapPage /> : <EmbedMapPage search={search} />}</AppErrorBoundary>
    </StrictMode>
  );
}

/**
 * Whether the page rendered ahead of time is the page this address shows, so that React can take
 * it over as it is (hydrate) rather than draw it again: always for the map; for /embed when its
 * parameters leave the first screen as by default.
 */
export function prerenderFits(name: PublicPageName, search: string): boolean {
  return name === 'map' || showsDefaultFirstScreen(search);
}
