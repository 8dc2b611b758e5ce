import { LIMITS } from '@forkcast/shared/contracts';
import { text } from '../schemas.ts';
import { TOKEN_PATTERN } from './tokens.ts';

const { user: LIMIT } = LIMITS;

/** The token of a mailed link, as the page read it from the address. */
export const linkToken = (message: string) =>
  text('The token', { error: message }).regex(TOKEN_PATTERN, message).describe('The token from the link in the email.');

/** A new password: compared, never shown, so anything printable goes, within the length the sign-in reads. */
export const newPassword = text('The password', { multiline: true, error: 'Choose a password.' })
  .min(LIMIT.passwordMin, `Choose a password of at least ${LIMIT.passwordMin} characters.`)
  .max(LIMIT.passwordMax, `A password can be at most ${LIMIT.passwordMax} characters.`)
  .describe(`At least ${LIMIT.passwordMin} characters.`);

export const personName = text('Your name', { error: 'Enter your name.' })
  .trim()
  .min(1, 'Enter your name.')
  .max(LIMIT.name, `A name can be at most ${LIMIT.name} characters.`)
  .describe('As bylines will show it.');
