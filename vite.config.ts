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
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
