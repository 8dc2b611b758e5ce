import { describe, expect, it, vi } from 'vitest';
import { logUnhandledRejections } from './unhandled-rejections';

/** What the browser dispatches on the window when a rejected promise has no handler. */
function rejection(reason: unknown): Event {
  return Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason, promise: Promise.resolve() });
}

describe('a promise rejection nothing handles', () => {
  it('is logged with console.error and suppressed, so the browser does not report it as uncaught', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    logUnhandledRejections(window);
    const reason = new Error('the map script failed to start');
    const event = rejection(reason);
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(logged).toHaveBeenCalledExactlyOnceWith('Unhandled promise rejection:', reason);
  });
});
