import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built into dashboard/dist and served by the appliance's dashboard listener (no CDN, works offline).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  logLevel: 'warn',
});
