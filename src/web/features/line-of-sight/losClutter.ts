import { CLUTTER_CLASSES, type ClutterAreasGeoJson, type ClutterClass } from '../../../common/api/clutterAreas.js';

/** One clutter area as the Line of Sight screen lists it. */
export interface ClutterAreaEntry {
  id: number;
  name: string;
  clutter_class: ClutterClass;
}

/** The areas of GET /api/clutter_areas/geojson, one entry per area, by name. */
export function clutterAreaEntries(areas: ClutterAreasGeoJson | undefined): ClutterAreaEntry[] {
  const byId = new Map<number, ClutterAreaEntry>();
  for (const { properties } of areas?.features ?? [])
    byId.set(properties.id, { id: properties.id, name: properties.name, clutter_class: properties.clutter_class });
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** The classes present among `areas`, each once, in the classes' own order (trees, suburban, urban, water): the legend's entries. */
export function clutterClassesPresent(areas: readonly { clutter_class: ClutterClass }[]): ClutterClass[] {
  const present = new Set(areas.map((area) => area.clutter_class));
  return CLUTTER_CLASSES.filter((name) => present.has(name));
}
