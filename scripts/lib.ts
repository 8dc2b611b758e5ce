import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ConfigError, loadConfig, StartupError, type Config } from '@forkcast/admin-api/offline';
import { DatabaseUnusableError } from '@forkcast/content-db/open';
import type { Logger } from 'pino';

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

/**
 * A progress callback that redraws one line on a terminal and stays quiet elsewhere (CI, logs). It
 * draws on standard error: standard output carries only the server's JSON log lines.
 */
export function progressLine(label: string): ((done: number, total: number) => void) | undefined {
  if (!process.stderr.isTTY) return undefined;
  return (done, total) => {
    process.stderr.write(`\r${label} ${done}/${total}`);
    if (done === total) process.stderr.write('\n');
  };
}

/** Where a generated first admin password is kept when no terminal is there to show it. */
function generatedPasswordFile(config: Config): string {
  return join(dirname(config.databasePath), 'first-admin-password.txt');
}

/**
 * Hands over the password of an admin created at the first start. On a terminal it is shown once,
 * on standard error: standard output carries only JSON log lines, and those are kept. Anywhere else
 * (systemd, a pipe, CI) standard error ends up in a log that is kept and read by others too, so the
 * password goes into a file only this user can read, and the log says where.
 */
export function showGeneratedAdmin(config: Config, admin: { email: string; password: string }, logger: Logger): void {
  if (process.stderr.isTTY) {
    process.stderr.write(
      `\nCreated the admin account (shown only this once; \`make admin-password\` changes it):\n  email:    ${admin.email}\n  password: ${admin.password}\n\n`,
    );
    logger.info({ email: admin.email }, 'created the admin account; its password was shown once on the terminal');
    return;
  }
  const file = generatedPasswordFile(config);
  rmSync(file, { force: true });
  writeFileSync(file, `email:    ${admin.email}\npassword: ${admin.password}\n`, { mode: 0o600, flag: 'wx' });
  logger.warn(
    { email: admin.email, file },
    `created the admin account ${admin.email}; its password is in ${file}, readable only by this user. Sign in, change it with \`make admin-password\`, then delete the file`,
  );
}
