import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 10;

/**
 * Prints the slowest test files after a run (setup, import and tests together), so a file that
 * grows slow is seen while it is still one file.
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const timed = testModules.map((module) => {
      const d = module.diagnostic();
      return { module, ms: d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration };
    });
    const slowest = timed.sort((a, b) => b.ms - a.ms).slice(0, SHOWN);
    if (slowest.length === 0) return;
    const lines = slowest.map(
      ({ module, ms }) =>
        `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${module.project.name.padEnd(12)} ${relative(process.cwd(), module.moduleId)}`,
    );
    process.stdout.write(`\nThe ${slowest.length} slowest test files:\n${lines.join('\n')}\n`);
  }
}
