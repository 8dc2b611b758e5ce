/**
 * `make admin-password`: sets an admin's password from the terminal (creating the admin if the
 * email is new) and signs that admin out everywhere. Non-interactive use: ADMIN_EMAIL and
 * ADMIN_PASSWORD in the environment.
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { hashPassword } from '@forkcast/admin-api';
import { deleteUserSessions, nowIso, upsertAdmin } from '@forkcast/content-db';
import { EMAIL_PATTERN } from '@forkcast/content-db/contracts';
import { openContentDb } from '@forkcast/content-db/open';
import { configOrExit, runOrExit } from './lib.ts';

const MIN_LENGTH = 12;

// One readline interface for every question (piped input is read once); its output can be muted
// so a typed password is not echoed.
let muted = false;
const rl = createInterface({
  input: process.stdin,
  output: new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  }),
  terminal: process.stdin.isTTY,
});

// Reading through the async iterator buffers lines, so piped answers are not lost between questions.
const lines = rl[Symbol.asyncIterator]();

async function ask(question: string, hidden = false): Promise<string> {
  process.stdout.write(question);
  muted = hidden;
  const { value = '' } = await lines.next();
  muted = false;
  if (hidden) process.stdout.write('\n');
  return String(value).trim();
}

const config = configOrExit();
let email = config.admin?.email;
let password = config.admin?.password;
if (!email || !password) {
  email = await ask('Admin email: ');
  password = await ask(`New password (at least ${MIN_LENGTH} characters): `, true);
  if (password !== (await ask('Repeat the password: ', true))) {
    console.error('The passwords differ; nothing was changed.');
    rl.close();
    process.exit(1);
  }
}
rl.close();
if (!EMAIL_PATTERN.test(email) || password.length < MIN_LENGTH) {
  console.error(`Give an email address and a password of at least ${MIN_LENGTH} characters; nothing was changed.`);
  process.exit(1);
}

const { db } = await runOrExit(() => openContentDb(config.databasePath));
const id = await upsertAdmin(db, email, await hashPassword(password), nowIso());
await deleteUserSessions(db, id);
await db.destroy();
console.log(`Password set for ${email}; any open sessions of that admin were signed out.`);
