import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { sourceConditions } from '../vitest.shared.ts';

/** Component tests of the portal's rules (validation order, pagination, roles, session) on happy-dom. */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'portal',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
  ...sourceConditions,
});
