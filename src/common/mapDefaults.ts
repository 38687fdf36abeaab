/** Map centres and zooms of the public map, the embed and the Line of Sight map. Coordinates are [latitude, longitude] in degrees. */
export const PUBLIC_MAP_CENTER = { lat: -34.53, lng: 20.04 } as const;
export const WIDGET_MAP_CENTER = { lat: -34.5333, lng: 20.0419 } as const;
export const EMBED_MAP_CENTER = { lat: -25.7479, lng: 28.2293 } as const;
export const LOS_MAP_CENTER = { lat: -33.9249, lng: 18.4241 } as const;
export const DEFAULT_ZOOM = 10;
export const LOS_TARGET_ZOOM = 14;
export const EMBED_ZOOM_RANGE = { min: 1, max: 18 } as const;
/**
 * How the "fit to my coverage" start view fits the coverage's box: a margin in CSS pixels on
 * every side, and zoom limits so that a single small layer or tower is not shown at street level.
 */
export const START_VIEW_FIT = { paddingPx: 40, minZoom: EMBED_ZOOM_RANGE.min, maxZoom: 13 } as const;
/** The viewport the server fits the coverage into for the start view's centre and zoom (a laptop's window); each map fits the box into its own size. */
export const START_VIEW_NOMINAL_VIEWPORT = { width: 1280, height: 800 } as const;
/**
 * The coverage tiles' overview zooms (0 to this): the server draws their polygons simplified
 * (server/coverage/overviewTile.ts) and keeps their tiles apart from street level's, and the maps
 * join their outlines mitred rather than round; all so that a view of a whole country's thousands
 * of polygons draws at once.
 */
export const COVERAGE_OVERVIEW_MAX_ZOOM = 7;
