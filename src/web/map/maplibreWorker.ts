import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

// MapLibre 6 looks for its worker beside its own script, a file the bundler never emits; point it
// at the copy Vite emits instead. Importing this module once, before any map exists, is enough.
setWorkerUrl(workerUrl);
