/**
 * `make admin-password`: sets a user's password from the terminal (creating them, after asking, if
 * the email is new: the owner of a database without users, else an administrator) and signs them
 * out everywhere. The password is kept exactly as typed. Non-interactive use: ADMIN_EMAIL and
 * ADMIN_PASSWORD in the environment (a new email still needs `y` on standard input).
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { hashPassword, setOrCreate } from '@forkcast/admin-api/offline';
import { getAccountByEmail, getOwner } from '@forkcast/content-db';
import { isEmailAddress } from '@forkcast/shared/contracts';
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

/** Asks one question; the answer is trimmed unless it is a password, which is kept exactly as typed. */
async function ask(question: string, hidden = false): Promise<string> {
  process.stdout.write(question);
  muted = hidden;
  const { value = '' } = await lines.next();
  muted = false;
  if (hidden) process.stdout.write('\n');
  return hidden ? String(value) : String(value).trim();
}

function refuse(message: string): never {
  console.error(`${message}; nothing was changed.`);
  rl.close();
  process.exit(1);
}

const config = configOrExit();
let email = config.admin?.email;
let password = config.admin?.password;
if (!email || !password) {
  email = await ask('Admin email: ');
  password = await ask(`New password (at least ${MIN_LENGTH} characters): `, true);
  if (password !== (await ask('Repeat the password: ', true))) refuse('The passwords differ');
}
if (!isEmailAddress(email) || password.length < MIN_LENGTH) {
  refuse(`Give an email address and a password of at least ${MIN_LENGTH} characters`);
}

const { db } = await runOrExit(() => openContentDb(config.databasePath));
// A mistyped email must not quietly create a second administrator.
if (!(await getAccountByEmail(db, email))) {
  const role = (await getOwner(db)) ? 'administrator' : 'owner';
  const answer = await ask(`No user has the email ${email}. Create a new ${role} with it? (y/N) `);
  if (!/^y(?:es)?$/i.test(answer)) {
    await db.destroy();
    refuse(`No user has the email ${email}`);
  }
}
rl.close();
await setOrCreate(db, email, await hashPassword(password));
await db.destroy();
console.log(`Password set for ${email}; any open sessions of that user were signed out.`);
