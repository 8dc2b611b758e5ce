import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const setupFile = (name: string): string => fileURLToPath(new URL(`./tests/setup/${name}`, import.meta.url));
const TEMPLATE_DB = setupFile('template-db.ts');
const UNIT_GUARD = setupFile('unit-lane.ts');
const SLOW = '**/*.slow.test.{ts,tsx}';
const E2E_ALONE = ['e2e/lighthouse.test.ts'];

/**
 * Two lanes. The unit lane (`make test-unit`: the projects content-db, shared, admin-api, docs,
 * site, components and islands) runs in seconds: no browser, child process, listening server or image encoding.
 * Tests that need one are named `*.slow.test.ts` and run in the `slow` project, with integration
 * and e2e, in `make test`, which runs every project.
 */
export default defineConfig({
  test: {
    // Vitest's default leaves one core idle (on 2 cores: one file at a time). Most files wait on a
    // server, a browser, a timer or the disk as much as they compute: on 2 cores a third file keeps
    // both busy while one of them waits.
    maxWorkers: 3,
    reporters: ['default', './tests/setup/slowest-files.ts'],
    projects: [
      {
        test: {
          name: 'content-db',
          root: 'content-db',
          include: ['src/**/*.test.ts'],
          exclude: [SLOW],
          globalSetup: [TEMPLATE_DB],
          setupFiles: [UNIT_GUARD],
        },
      },
      { test: { name: 'shared', root: 'content-db/shared', include: ['src/**/*.test.ts'], exclude: [SLOW], setupFiles: [UNIT_GUARD] } },
      {
        test: {
          name: 'admin-api',
          root: 'admin-api',
          include: ['src/**/*.test.ts'],
          exclude: [SLOW],
          globalSetup: [TEMPLATE_DB],
          setupFiles: [UNIT_GUARD],
        },
      },
      // The manual's links and length.
      { test: { name: 'docs', root: 'tests', include: ['docs/**/*.test.ts'], setupFiles: [UNIT_GUARD] } },
      { test: { name: 'site', root: 'site', include: ['lib/**/*.test.ts'], exclude: [SLOW], setupFiles: [UNIT_GUARD] } },
      'site/vitest.components.config.ts',
      // admin.css is processed so that the styles boot.tsx inlines (admin.css?inline) are real in its test.
      {
        test: {
          name: 'islands',
          root: 'site',
          include: ['islands/**/*.test.{ts,tsx}'],
          exclude: [SLOW],
          environment: 'jsdom',
          setupFiles: ['islands/shared/test-setup.ts'],
          css: { include: [/admin\.css/] },
        },
      },
      {
        test: {
          name: 'slow',
          root: '.',
          include: [`{content-db/src,admin-api/src,site/lib}/${SLOW}`],
          globalSetup: [TEMPLATE_DB],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          root: 'tests',
          include: ['integration/**/*.test.ts'],
          globalSetup: [TEMPLATE_DB],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // Browser journeys run beside the other suites, each file with a server and a Chromium of its
      // own. Lighthouse, whose scores the machine's load would move, runs after everything else,
      // alone: vitest runs a project without file parallelism in a group of its own, last.
      {
        test: {
          name: 'e2e',
          root: 'tests',
          include: ['e2e/**/*.test.ts'],
          exclude: E2E_ALONE,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // What a page does after an event (an image's error, a script's swap) can take more than
          // vitest's default second beside the other suites on two cores; a poll that succeeds
          // returns as soon as it does.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: 'e2e-alone',
          root: 'tests',
          include: E2E_ALONE,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
