import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ConfigError, loadConfig, StartupError, type Config } from '@forkcast/admin-api/offline';
import { DatabaseUnusableError } from '@forkcast/content-db/open';

/** The settings file every entry point reads from the folder it runs in; the environment wins over it. */
const ENV_FILE = '.env';

/**
 * Loads the configuration (the environment, then `.env` for what the environment leaves unset) or
 * stops the process with the one line that says what is wrong.
 */
export function configOrExit(): Config {
  try {
    if (existsSync(ENV_FILE)) process.loadEnvFile(ENV_FILE);
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

/** Where a generated first admin password is kept when no terminal is there to show it. */
function generatedPasswordFile(config: Config): string {
  return join(dirname(config.databasePath), 'first-admin-password.txt');
}

/**
 * Hands over the password of an admin created at the first start. On a terminal it is printed
 * once. Anywhere else (systemd, a pipe, CI) standard output ends up in a log that is kept and read
 * by others, so the password goes into a file only this user can read, and only its path is printed.
 */
export function showGeneratedAdmin(config: Config, admin: { email: string; password: string }): void {
  if (process.stdout.isTTY) {
    console.log('\nCreated the admin account (shown only this once; `make admin-password` changes it):');
    console.log(`  email:    ${admin.email}`);
    console.log(`  password: ${admin.password}\n`);
    return;
  }
  const file = generatedPasswordFile(config);
  rmSync(file, { force: true });
  writeFileSync(file, `email:    ${admin.email}\npassword: ${admin.password}\n`, { mode: 0o600, flag: 'wx' });
  console.log(
    `Created the admin account ${admin.email}; its password is in ${file}, readable only by this user. Sign in, change it with \`make admin-password\`, then delete the file.`,
  );
}
