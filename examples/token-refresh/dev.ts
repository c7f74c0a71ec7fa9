import { runExample } from '@canopy/example-dev-kit';

await runExample('token-refresh', { dir: import.meta.dirname, mode: 'vite', port: 5184 });
