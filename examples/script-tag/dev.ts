import { runExample } from '@canopy/example-dev-kit';

await runExample('script-tag', { dir: import.meta.dirname, mode: 'static', port: 5182 });
