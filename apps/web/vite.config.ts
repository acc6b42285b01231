import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      // ws: the realtime socket lives under /api too (REALTIME_PATH).
      '/api': { target: 'http://localhost:3000', ws: true },
      '/uploads': 'http://localhost:3000',
    },
  },
  build: {
    chunkSizeWarningLimit: 900,
  },
});
