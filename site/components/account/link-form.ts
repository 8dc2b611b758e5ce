/**
 * The behaviour of the pages a mailed link opens (accept an invitation, set a new password) and of
 * the page that asks for a reset link: the form posts JSON to the API, a refusal is shown in the
 * page's alert and focused (on the field it names when the API names one), a success goes on.
 */

interface Refusal {
  message?: string;
  field?: string;
}

export interface LinkFormOptions {
  form: HTMLFormElement;
  endpoint: string;
  /** The body to send, from the form's fields. */
  body: (fields: FormData) => Record<string, string>;
  /** What happens after a success (a 2xx): the answer's JSON. */
  done: (answer: { message?: string }) => void;
  /** Refusals meaning the link itself no longer works: the form is hidden, only the message stays. */
  linkGone?: (status: number) => boolean;
}

export function say(message: string, tone: 'error' | 'ok' = 'error'): void {
  const box = document.querySelector<HTMLElement>('[data-account-message]');
  if (!box) return;
  box.textContent = message;
  box.dataset.tone = tone;
  box.hidden = false;
  box.focus();
}

/** The token the link carries in its query string ('' without one). */
export const linkToken = (): string => new URLSearchParams(location.search).get('token') ?? '';

export function wireLinkForm(options: LinkFormOptions): void {
  const { form } = options;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    for (const input of form.querySelectorAll('input')) input.removeAttribute('aria-invalid');
    // No browser bubbles: the API's own sentences say what is missing, in the page's alert.
    if (button) button.disabled = true;
    try {
      const response = await fetch(options.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(options.body(new FormData(form))),
        credentials: 'same-origin',
      });
      const answer = (await response.json().catch(() => ({}))) as Refusal & { message?: string };
      if (response.ok) {
        options.done(answer);
        return;
      }
      const message = answer.message ?? 'Something went wrong. Please try again.';
      if (options.linkGone?.(response.status)) {
        form.hidden = true;
        say(message);
        return;
      }
      say(message);
      const named = answer.field ? form.querySelector<HTMLInputElement>(`[name="${answer.field}"]`) : null;
      // Schema refusals name no field, but their sentence does ('Choose a password...', 'Enter your name.').
      const guessed =
        named ?? [...form.querySelectorAll('input')].find((input) => input.type !== 'hidden' && message.toLowerCase().includes(input.name));
      if (guessed) guessed.setAttribute('aria-invalid', 'true');
    } catch {
      say('The server could not be reached. Check your connection and try again.');
    } finally {
      if (button) button.disabled = false;
    }
  });
}
