import { describe, expect, it, vi } from 'vitest';
import interaction from './interaction-directive';

function island() {
  const el = document.createElement('astro-island');
  el.innerHTML = '<form><input name="email"></form>';
  document.body.append(el);
  const hydrate = vi.fn(async () => undefined);
  const load = vi.fn(async () => hydrate);
  void interaction(load, { name: 'NewsletterForm', value: '' }, el);
  return { el, input: el.querySelector('input')!, load, hydrate };
}

describe('client:interaction', () => {
  it('loads nothing until the reader reaches for the island', async () => {
    const { load } = island();
    document.body.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
  });

  it.each(['focusin', 'pointerover', 'touchstart'])('hydrates once on the first %s inside it', async (type) => {
    const { input, load, hydrate } = island();
    input.dispatchEvent(new Event(type, { bubbles: true }));
    input.dispatchEvent(new Event('focusin', { bubbles: true }));
    input.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
