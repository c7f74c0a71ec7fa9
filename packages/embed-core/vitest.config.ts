import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'embed-core',
    environment: 'happy-dom',
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**'],
    restoreMocks: true,
  },
  resolve: { conditions: ['@canopy/source'] },
});
