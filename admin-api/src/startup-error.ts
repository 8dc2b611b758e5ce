/** Start-up refused for a reason the operator can fix; the message is the one line to show. */
export class StartupError extends Error {
  override name = 'StartupError';
}
