/**
 * The Lighthouse benchmark's reference: a page that is nothing but a MapLibre map of the public
 * map's view (same basemap tiles, centre and zoom) under a one-line heading, with MapLibre's own
 * bundle gzipped. It is the best a page whose first view is a WebGL map can score on this machine,
 * so the app's scores are read against it, measured in the same run.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import type http from 'node:http';
import { DEFAULT_ZOOM, PUBLIC_MAP_CENTER } from '../src/common/mapDefaults.js';

const require = createRequire(import.meta.url);
const distFolder = path.dirname(require.resolve('maplibre-gl/dist/maplibre-gl.js'));

/** The page's HTML; `tilesUrl` is the basemap's {z}/{x}/{y} template. Pixel ratio 1 and no fades, as the app draws on a CPU. */
function pageHtml(tilesUrl: string): string {
  const style = {
    version: 8,
    sources: { basemap: { type: 'raster', tiles: [tilesUrl], tileSize: 256 } },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#1b1f26' } },
      { id: 'basemap', type: 'raster', source: 'basemap', paint: { 'raster-fade-duration': 0 } },
    ],
  };
  const options = { container: 'map', style, center: [PUBLIC_MAP_CENTER.lng, PUBLIC_MAP_CENTER.lat], zoom: DEFAULT_ZOOM, pixelRatio: 1, fadeDuration: 0 };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bare map</title><meta name="description" content="A MapLibre map alone."><link rel="stylesheet" href="/maplibre-gl.css">
<style>body{margin:0;font:16px system-ui,sans-serif}h1{position:absolute;z-index:1;margin:8px;font-size:1.25rem;background:#fff;padding:8px}#map{width:100vw;height:100dvh}</style></head>
<body><h1>ISP Coverage Map</h1><main id="map"></main><script src="/maplibre-gl.js"></script>
<script>new maplibregl.Map(${JSON.stringify(options)});</script></body></html>`;
}

/** A request handler serving the page at /bare-map and MapLibre's script and style beside it, gzipped. */
export function bareMapHandler(tilesUrl: string): (req: http.IncomingMessage, res: http.ServerResponse) => boolean {
  const files = new Map<string, { type: string; body: Buffer }>([
    ['/bare-map', { type: 'text/html', body: zlib.gzipSync(pageHtml(tilesUrl)) }],
    ['/maplibre-gl.js', { type: 'text/javascript', body: zlib.gzipSync(fs.readFileSync(path.join(distFolder, 'maplibre-gl.js'))) }],
    ['/maplibre-gl.css', { type: 'text/css', body: zlib.gzipSync(fs.readFileSync(path.join(distFolder, 'maplibre-gl.css'))) }],
  ]);
  return (req, res) => {
    const file = files.get((req.url ?? '').split('?')[0] ?? '');
    if (!file) return false;
    res.writeHead(200, { 'content-type': file.type, 'content-encoding': 'gzip', 'cache-control': 'no-cache' });
    res.end(file.body);
    return true;
  };
}
