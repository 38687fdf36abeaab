import { describe, expect, it } from 'vitest';
import { prerenderPublicPages } from './prerender.js';
import { prerenderFits, publicPageAt } from './publicPage.js';

describe('the public pages', () => {
  it('are the map at / and /map and the embed at /embed, with or without a trailing slash; every other path is the full app', () => {
    expect(['/', '/map', '/map/', '/embed', '/embed/'].map(publicPageAt)).toEqual(['map', 'map', 'map', 'embed', 'embed']);
    expect(['/admin', '/admin/map', '/widget', '/mapping', '/embed/x'].map(publicPageAt)).toEqual([null, null, null, null, null]);
  });

  it('are taken over as rendered ahead of time only where the address shows that first screen', () => {
    expect(prerenderFits('map', '?anything=1')).toBe(true);
    expect(prerenderFits('embed', '')).toBe(true);
    expect(prerenderFits('embed', '?location=-33.9,18.4&zoom=12&theme=light&height=600px')).toBe(true);
    for (const search of ['?theme=dark', '?search=false', '?height=400px']) expect(prerenderFits('embed', search)).toBe(false);
  });

  it('render their first screen ahead of time: heading, search box and legend, the legend left to the viewport', () => {
    const pages = prerenderPublicPages();
    expect(pages.map).toContain('<h1>ISP Coverage Map</h1>');
    expect(pages.map).toContain('role="combobox" aria-label="Search address or coordinates"');
    expect(pages.map).toContain('Live Service');
    expect(pages.map).toContain('plain-legend plain-legend-auto');
    // The map itself comes with its script: here only its placeholder.
    expect(pages.map).toContain('aria-busy="true"');
    expect(pages.embed).toContain('Internet coverage map');
    expect(pages.embed).toContain('role="combobox"');
    expect(pages.embed).not.toContain('ISP Coverage Map');
  });
});
