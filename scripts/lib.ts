import { ConfigError, loadConfig, StartupError, type Config } from '@forkcast/admin-api';
import { DatabaseUnusableError } from '@forkcast/content-db/open';

/** Loads the configuration or stops the process with the one line that says what is wrong. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Runs an entry point's work; a failure the operator can fix (an unusable database file, a start
 * that would publish from the wrong database) ends the process with one line and exit code 1
 * instead of a stack trace.
 */
export async function runOrExit<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DatabaseUnusableError) console.error(`DATABASE_PATH=${error.path}: ${error.message}`);
    else if (error instanceof StartupError) console.error(error.message);
    else throw error;
    process.exit(1);
  }
}

/** A progress callback that redraws one line on a terminal and stays quiet elsewhere (CI, logs). */
export function progressLine(label: string): ((done: number, total: number) => void) | undefined {
  if (!process.stdout.isTTY) return undefined;
  return (done, total) => {
    process.stdout.write(`\r${label} ${done}/${total}`);
    if (done === total) process.stdout.write('\n');
  };
}
