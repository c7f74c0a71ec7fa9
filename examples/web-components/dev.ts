import { runExample } from '@canopy/example-dev-kit';

await runExample('web-components', { dir: import.meta.dirname, mode: 'static', port: 5185 });
