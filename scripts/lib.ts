import { ConfigError, loadConfig, type Config } from '@forkcast/admin-api';

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

/** A progress callback that redraws one line on a terminal and stays quiet elsewhere (CI, logs). */
export function progressLine(label: string): ((done: number, total: number) => void) | undefined {
  if (!process.stdout.isTTY) return undefined;
  return (done, total) => {
    process.stdout.write(`\r${label} ${done}/${total}`);
    if (done === total) process.stdout.write('\n');
  };
}
