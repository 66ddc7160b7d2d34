import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on :3000 (npm start); the built client is served by the server itself.
export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:3000', '/sanctum': 'http://localhost:3000' } },
  build: { outDir: 'dist', chunkSizeWarningLimit: 1500 },
});
