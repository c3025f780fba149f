import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // The QR decoder runs in a module worker (new Worker(url, { type: 'module' })).
  worker: { format: 'es' },
  // Workspace packages are compiled from their TypeScript sources.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'ws://localhost:3000', ws: true } },
  },
});
