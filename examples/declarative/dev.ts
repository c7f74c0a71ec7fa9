import { runExample } from '@canopy/example-dev-kit';

await runExample('declarative', { dir: import.meta.dirname, mode: 'static', port: 5183 });
