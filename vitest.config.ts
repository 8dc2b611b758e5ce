import { defineConfig } from 'vitest/config';

// One project per part of the product; `make test` runs them all.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'content-db', root: 'content-db', include: ['src/**/*.test.ts'] } },
      { test: { name: 'admin-api', root: 'admin-api', include: ['src/**/*.test.ts'] } },
      { test: { name: 'site', root: 'site', include: ['lib/**/*.test.ts'] } },
      'site/vitest.components.config.ts',
      // admin.css is processed so that the styles boot.tsx inlines (admin.css?inline) are real in its test.
      {
        test: {
          name: 'islands',
          root: 'site',
          include: ['islands/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['islands/shared/test-setup.ts'],
          css: { include: [/admin\.css/] },
        },
      },
      { test: { name: 'integration', root: 'tests', include: ['integration/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 } },
      {
        test: {
          name: 'e2e',
          root: 'tests',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
