/**
 * SPEC (Errors): a promise rejection nothing handled is logged and suppressed, so it never reaches
 * the reader as an uncaught error. The layout's script, which loads every island, installs this
 * on every page: a dialog's code failing to download rejects there before any island runs.
 */
export function logUnhandledRejections(target: Window): void {
  target.addEventListener('unhandledrejection', (event) => {
    console.error('Unhandled promise rejection:', event.reason);
    event.preventDefault();
  });
}
