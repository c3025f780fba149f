import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // Workspace packages are compiled from their TypeScript sources.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'ws://localhost:3000', ws: true } },
  },
});
