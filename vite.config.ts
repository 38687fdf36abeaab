import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app lives in src/web; its build goes to dist/web, which the API server serves.
export default defineConfig({
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
          // from our own code (bench/publicMap.ts, e2e/publicPageWeight.e2e.ts).
          groups: [{ name: 'maplibre', test: /node_modules[\\/]maplibre-gl[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
