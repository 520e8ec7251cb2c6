import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

const SIDE_EFFECT_FREE = [/[\\/]packages[\\/]client[\\/]src[\\/]/, /[\\/]node_modules[\\/]typebox[\\/]/];
const clientSource = fileURLToPath(new URL('../client/src/index.ts', import.meta.url));

/** The console bundles the client package from source, so the browser gets the same code the server checks with. */
export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: { '@liftcloud/client': clientSource } },
  server: {
    proxy: { '/api': process.env.LIFTCLOUD_API ?? 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // the manifest lets scripts/measure-bundle.mjs follow each screen's chunk graph
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The client package and TypeBox only define things: a module none of whose exports is used can go.
        moduleSideEffects: (id: string) => (SIDE_EFFECT_FREE.some((re) => re.test(id)) ? false : undefined),
      },
    },
    chunkSizeWarningLimit: 1500,
  },
});
