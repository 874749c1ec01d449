import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/src/**/*.e2e.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
