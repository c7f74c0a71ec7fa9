import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'embed-core',
    environment: 'happy-dom',
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**'],
    restoreMocks: true,
    // happy-dom does not load iframe pages and says so once per iframe; the fake frame stands in.
    onConsoleLog: (log: string) => !log.includes('Iframe page loading is disabled'),
  },
  resolve: { conditions: ['@canopy/source'] },
});
