import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress';

const BRAND_GREEN = '#0b6e5f';

export default defineConfig({
  plugins: [
    react(),
    // Installable app: Spanish manifest, and a service worker that precaches the app shell (every chunk, the QR
    // decoder's worker and .wasm, the icons) so the app opens without signal after one visit. It never caches
    // the API: the data layer keeps what a technician needs offline. A new version waits until the user accepts
    // it ('Actualizar'), so an open page keeps the chunks it was built with (see features/install/README.md).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icons/favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        id: '/',
        name: 'Rondín — Control de trampas',
        short_name: 'Rondín',
        description:
          'Inventario de trampas con códigos QR, órdenes de inspección y cumplimiento para empresas de control de plagas.',
        lang: 'es',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: BRAND_GREEN,
        background_color: '#f4f6f8',
        categories: ['business', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{html,js,css,wasm,png,svg,webmanifest}'],
        // The QR decoder's .wasm is about 1 MB.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/],
        cleanupOutdatedCaches: true,
        // The first install takes the open page at once (it works offline without a reload); later versions wait.
        clientsClaim: true,
        skipWaiting: false,
        runtimeCaching: [],
      },
    }),
    precompress(),
  ],
  // The QR decoder runs in a module worker (new Worker(url, { type: 'module' })).
  worker: { format: 'es' },
  // Workspace packages are compiled from their TypeScript sources.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'ws://localhost:3000', ws: true } },
  },
});
