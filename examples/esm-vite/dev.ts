import { runExample } from '@canopy/example-dev-kit';

await runExample('esm-vite', { dir: import.meta.dirname, mode: 'vite', port: 5181 });
