import { runExample } from '@canopy/example-dev-kit';

await runExample('vue-vite', { dir: import.meta.dirname, mode: 'vite', port: 5186 });
