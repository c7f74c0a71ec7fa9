import { runExample } from '@canopy/example-dev-kit';

await runExample('react-vite', { dir: import.meta.dirname, mode: 'vite', port: 5180 });
