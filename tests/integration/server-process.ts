import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ADMIN, SITE } from './support.ts';

const SCRIPTS = join(import.meta.dirname, '..', '..', 'scripts');

/** The settings of a deployment laid out in `workDir` (as a work dir from workDirWithBuild). */
export function deploymentEnv(workDir: string, more: Record<string, string> = {}): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_HOST: SITE.publicHost,
    DATABASE_PATH: join(workDir, 'data', 'content.db'),
    UPLOAD_DIR: join(workDir, 'data', 'uploads'),
    MAIL_DIR: join(workDir, 'data', 'mail'),
    BACKUP_DIR: join(workDir, 'backups'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...more,
  };
}

/** Only what a process needs from the test's own environment, so no setting leaks in from the shell. */
function baseEnv(): Record<string, string> {
  const { PATH = '', HOME = '' } = process.env;
  return { PATH, HOME };
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything it printed so far, standard output and error. */
  output: () => string;
  /** What it printed so far on standard output alone. */
  stdout: () => string;
  /** SIGTERM, then resolves with the exit code once it has stopped. */
  stop: () => Promise<number | null>;
}

/** Runs scripts/start.ts (what `make start` runs) in `cwd`, and resolves once it serves. */
export function startServer(cwd: string, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [join(SCRIPTS, 'start.ts')], {
    cwd,
    env: { ...baseEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // The server announces itself on standard output; a refused start names the server that holds
  // the database ('... serving http://...') on standard error.
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      // A death by a signal has no exit code: say which, for a test that expected one.
      if (signal) output += `\n[the server was ended by ${signal}]\n`;
      resolve(code);
    }),
  );
  return new Promise((resolve, reject) => {
    const watch = setInterval(() => {
      const match = /serving (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (!match) return;
      clearInterval(watch);
      resolve({
        child,
        url: match[1]!,
        output: () => output,
        stdout: () => stdout,
        stop: () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    }, 20);
    void exited.then((code) => {
      clearInterval(watch);
      reject(new Error(`the server exited (${code}) before serving:\n${output}`));
    });
  });
}

/** SIGKILL, as a crash or a power cut ends it: resolves once the process is gone. */
export function killServer(server: ServerProcess): Promise<void> {
  const { child } = server;
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one of scripts/*.ts (what a make target runs) in `cwd` to the end. */
export function runScript(script: string, args: string[], cwd: string, env: Record<string, string>): Promise<ScriptRun> {
  const child = spawn(process.execPath, [join(SCRIPTS, script), ...args], {
    cwd,
    env: { ...baseEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** Signs an admin (the test admin unless told) in over HTTP; returns the Cookie header to send. */
export async function signIn(url: string, credentials: { email: string; password: string } = ADMIN): Promise<string> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
    redirect: 'manual',
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}
