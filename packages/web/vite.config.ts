import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const clientSource = fileURLToPath(new URL('../client/src/index.ts', import.meta.url));

/** The console bundles the client package from source, so the browser gets the same code the server checks with. */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@liftcloud/client': clientSource } },
  server: {
    proxy: { '/api': process.env.LIFTCLOUD_API ?? 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
});
