import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // Inside this repository the Canopy packages resolve to their sources, so no build is needed.
  // In your own app, drop this line: the published packages resolve to their builds.
  resolve: { conditions: ['@canopy/source', ...defaultClientConditions] },
});
