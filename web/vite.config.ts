import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// Run from the repository root (`vite build --config web/vite.config.ts`) or from web/: paths are
// anchored to this file so both work.
const webRoot = import.meta.dirname;

export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [
    react(),
    // Installable, offline-first app: the manifest, and web/src/sw.ts compiled to /sw.js with the
    // app shell's precache list injected (the pre-cut map tiles are cached as viewed, not precached).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Road Closures',
        short_name: 'Road Closures',
        description: 'Road closures, incidents and unsealed-road status from Australian councils, on a map that keeps working offline.',
        lang: 'en-AU',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0f2f4f',
        background_color: '#f4f6f9',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['index.html', 'early-reads.js', 'assets/**/*.{js,mjs,css}', 'favicon.svg', 'icons/*.png'],
        // The map chunk (MapLibre) is large and needed offline.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: which chunks each page loads (bench/initial-js.ts measures the budget).
    manifest: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // Amplify and the UI kit change rarely; keeping them apart lets browsers cache them across releases.
        // Scripts only: a group that also took the UI kit's stylesheet would be loaded with the
        // entry (which imports that stylesheet), and with it all of Amplify on the first paint.
        // React has the highest priority: groups take their modules' dependencies too, and React
        // must stay in its own chunk rather than ride with the UI kit.
        codeSplitting: {
          groups: [
            { name: 'amplify-ui', priority: 20, test: /node_modules[\\/]@aws-amplify[\\/](ui|ui-react)[\\/].*\.[cm]?js$/ },
            { name: 'amplify', priority: 10, test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@aws-sdk|@smithy)[\\/].*\.[cm]?js$/ },
            { name: 'react', priority: 30, test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/ },
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
