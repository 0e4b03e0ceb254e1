import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressDir } from './build/precompress.ts';

/** After every production build (`npm run build`, or the one `npm start` runs), `.br` and `.gz` beside each text file. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'desk-precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    // closeBundle: once everything is in dist, including index.html and the files of public/.
    closeBundle: async () => void (await precompressDir(outDir)),
  };
}

/**
 * `npm run dev` serves the client with hot reload and sends /api to the API on port 3000.
 * No source maps in the build: the server would publish the client's whole source with them.
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
