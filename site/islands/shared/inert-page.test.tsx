import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useInertPage } from './inert-page';

function Probe({ open }: { open: boolean }) {
  useInertPage(open);
  return null;
}

const region = (selector: string) => document.body.querySelector(`:scope > ${selector}`)!;

describe('useInertPage', () => {
  beforeEach(() => {
    for (const html of [
      '<a class="skip-link" href="#main">Skip</a>',
      '<header></header>',
      '<main id="main"><script></script></main>',
      '<footer></footer>',
      '<aside inert></aside>',
      '<div data-toaster></div>',
    ]) {
      document.body.insertAdjacentHTML('beforeend', html);
    }
  });
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('makes the page behind an open dialog inert and gives it back on close', () => {
    const view = render(<Probe open={false} />);
    expect(document.querySelectorAll('[inert]')).toHaveLength(1);

    view.rerender(<Probe open />);
    for (const selector of ['.skip-link', 'header', 'main', 'footer']) expect(region(selector).hasAttribute('inert'), selector).toBe(true);
    expect(region('[data-toaster]').hasAttribute('inert')).toBe(false);

    view.rerender(<Probe open={false} />);
    for (const selector of ['.skip-link', 'header', 'main', 'footer']) expect(region(selector).hasAttribute('inert'), selector).toBe(false);
  });

  it('leaves alone what was inert before it opened, and lets go when the dialog unmounts', () => {
    region('main').setAttribute('inert', '');
    const view = render(<Probe open />);
    view.unmount();
    expect(region('main').hasAttribute('inert')).toBe(true);
    expect(region('aside').hasAttribute('inert')).toBe(true);
    expect(region('header').hasAttribute('inert')).toBe(false);
  });
});
