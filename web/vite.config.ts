import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Run from the repository root (`vite build --config web/vite.config.ts`) or from web/: paths are
// anchored to this file so both work.
const webRoot = import.meta.dirname;

export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // Amplify and the UI kit change rarely; keeping them apart lets browsers cache them across releases.
        codeSplitting: {
          groups: [
            { name: 'amplify', test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@aws-sdk|@smithy)/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    // `vite` dev server against the local stack: API and config come from the lead's runtime.
    proxy: {
      '/config.json': 'http://127.0.0.1:3000',
      '/graphql': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
});
