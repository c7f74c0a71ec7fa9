import { defineProject } from 'vitest/config';
import { happyDomIframes, sourceConditions } from '../../vitest.shared.ts';

export default defineProject({
  test: {
    name: 'embed-react',
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/browser/**'],
    restoreMocks: true,
    environmentOptions: happyDomIframes,
  },
  ...sourceConditions,
});
