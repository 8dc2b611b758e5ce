import type { ClientDirective } from 'astro';

/** What counts as a reader reaching for an island: a pointer over it, a touch, focus inside it. */
const INTERACTIONS = ['pointerover', 'touchstart', 'focusin'] as const;

/**
 * `client:interaction`: hydrates an island the first time a reader reaches for it. Until then it is
 * the server-rendered HTML, which must work on its own (the newsletter form posts natively), so a
 * reader who never touches it never downloads its framework code.
 */
const interaction: ClientDirective = (load, _options, el) => {
  const hydrate = async () => {
    for (const type of INTERACTIONS) el.removeEventListener(type, hydrate);
    await (await load())();
  };
  for (const type of INTERACTIONS) el.addEventListener(type, hydrate, { passive: true });
};

export default interaction;
