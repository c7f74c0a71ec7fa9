import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/** The server the dev proxy forwards `/api` to (`pnpm dev` starts it on 5310). */
const apiTarget = process.env.CANOPY_API_URL ?? 'http://localhost:5310';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@canopy/source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: { target: 'es2022', sourcemap: true },
});
