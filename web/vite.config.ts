import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** `npm run dev` serves the client with hot reload and sends /api to the API on port 3000. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
