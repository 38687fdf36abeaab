import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app lives in src/web; its build goes to dist/web, which the API server serves.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // MapLibre in a chunk of its own, named for it: the public map's budget counts it apart
          // from our own code (bench/publicMap.ts, e2e/publicPageWeight.e2e.ts). The tasks that
          // start the map and add its layers in a small one of ours (src/web/map/mapTasks.ts says why).
          // (Not in the prerender's Node build, which never runs them: Node cannot take
          // MapLibre's named imports, and the group would make the page's chunk import it.)
          groups: [
            { name: 'maplibre', test: /node_modules[\\/]maplibre-gl[\\/]/ },
            ...(isSsrBuild ? [] : [{ name: 'map-tasks', test: /src[\\/]web[\\/]map[\\/]mapTasks\.ts$/ }]),
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
