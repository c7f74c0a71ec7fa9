import { defineConfig } from 'vitest/config';
import { SummaryReporter } from './scripts/summary-reporter.ts';
// Keep the ".ts" extension: without it Vite warns about configLoader 'native'.
import projects from './vitest.workspace.ts';

export default defineConfig({
  test: {
    projects,
    reporters: ['default', new SummaryReporter()],
    // happy-dom does not load iframe pages and says so once per iframe; the tests' fake frames stand in.
    onConsoleLog: (log) => !log.includes('Iframe page loading is disabled'),
  },
});
