import { defineProject } from 'vitest/config';
import { happyDomIframes, sourceConditions } from '../../vitest.shared.ts';

export default defineProject({
  test: {
    name: 'embed-core',
    environment: 'happy-dom',
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**'],
    restoreMocks: true,
    environmentOptions: happyDomIframes,
  },
  ...sourceConditions,
});
