/**
 * Where the coverage legend sits and how it starts. It keeps the left part of the map's bottom
 * edge and MapLibre's attribution (bottom right) the rest, so the attribution, which opens
 * across the map on narrow screens, never lies over it. Percentages of the map's width.
 */
export const ATTRIBUTION_MAX_WIDTH = '45%';
/** The legend's widest: what the attribution leaves, less the legend's 16 px inset and an 8 px gap. */
export const LEGEND_MAX_WIDTH = 'calc(55% - 24px)';

/** Below these CSS pixels the legend starts collapsed: a phone's width, a short embed's height. */
export const LEGEND_COLLAPSED_BELOW = { width: 600, height: 500 } as const;

/** Whether the legend starts collapsed in a viewport (CSS pixels: the page's, or the embed frame's). */
export function legendStartsCollapsed(viewport: { width: number; height: number }): boolean {
  return viewport.width < LEGEND_COLLAPSED_BELOW.width || viewport.height < LEGEND_COLLAPSED_BELOW.height;
}
