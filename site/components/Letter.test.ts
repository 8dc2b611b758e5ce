import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import type { City, ContentBlock, ContentItem, Post } from '@forkcast/content-db';
import { LETTER_UNSUBSCRIBE_SLOT } from '@forkcast/shared/contracts';
import { EMPTY_SEO } from '@forkcast/shared/seo';
import Letter from './Letter.astro';

const AT = '2026-11-12T09:00:00.000Z';
const SITE = { siteName: 'Forkcast', publicHost: 'https://forkcast.example' };
const POST: Post = {
  id: 7,
  slug: 'bica-ritual',
  title: 'The Bica Ritual',
  excerpt: 'Coffee standing up.',
  content: 'Order a [bica](/lisbon/guide) at the counter.\n\n![Cup](/uploads/cup.jpg)\n\nSecond paragraph.',
  heroImage: '/images/posts/coffee.jpg',
  heroAlt: 'A small cup on marble',
  type: 'post',
  cityId: 3,
  tags: [],
  published: true,
  status: 'published',
  publishedAt: AT,
  publishAt: null,
  reviewAt: null,
  authorIds: [1],
  createdAt: AT,
  updatedAt: AT,
  ...EMPTY_SEO,
};
const CITY = { id: 3, slug: 'lisbon', name: 'Lisbon' } as City;
const BLOCK: ContentBlock = {
  id: 1,
  postId: 7,
  content: 'An **edited** second paragraph.',
  position: 2,
  isOriginal: true,
  createdAt: AT,
  updatedAt: AT,
};
const ITEMS: ContentItem[] = [
  { id: 1, postId: 7, type: 'image', content: '/uploads/pastel.jpg', alt: 'A pastel de nata', position: 1, createdAt: AT },
  { id: 2, postId: 7, type: 'text', content: 'Cash only.', alt: '', position: 3, createdAt: AT },
];

describe('the newsletter letter', () => {
  let container: AstroContainer;
  beforeAll(async () => {
    container = await AstroContainer.create();
  });
  const render = async (props: { post: Post; city: City | undefined; blocks: ContentBlock[]; items: ContentItem[] }) =>
    new JSDOM(await container.renderToString(Letter, { props: { ...props, site: SITE } })).window.document;

  it('is the post as an email: absolute links and images, view in browser, the body as readers see it, and the unsubscribe slot', async () => {
    const d = await render({ post: POST, city: CITY, blocks: [BLOCK], items: ITEMS });
    expect(d.title).toBe('The Bica Ritual');
    expect(d.querySelector('h1')?.textContent).toBe('The Bica Ritual');
    expect(d.querySelector('.kicker')?.textContent?.replace(/\s+/g, ' ').trim()).toBe('Lisbon · November 12, 2026');
    const view = [...d.querySelectorAll('a')].find((a) => a.textContent === 'View in browser');
    expect(view?.getAttribute('href')).toBe('https://forkcast.example/lisbon/bica-ritual');
    expect(d.querySelector('.hero img')?.getAttribute('src')).toBe('https://forkcast.example/images/posts/coffee.jpg');
    expect(d.querySelector('.hero img')?.getAttribute('alt')).toBe('A small cup on marble');
    expect([...d.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      'https://forkcast.example/images/posts/coffee.jpg',
      // The inline image at position 1 comes after the first paragraph, before the second (the cup).
      'https://forkcast.example/uploads/pastel.jpg',
      'https://forkcast.example/uploads/cup.jpg',
    ]);
    expect([...d.querySelectorAll('a')].every((a) => /^https:\/\/forkcast\.example\/|^FORKCAST_/.test(a.getAttribute('href') ?? ''))).toBe(
      true,
    );
    const body = d.querySelector('.body')!;
    expect(body.textContent).toContain('An edited second paragraph.');
    expect(body.textContent).not.toContain('Second paragraph.');
    expect(body.querySelector('.note')?.textContent?.trim()).toBe('Cash only.');
    const unsubscribe = [...d.querySelectorAll('a')].find((a) => a.textContent === 'Unsubscribe');
    expect(unsubscribe?.getAttribute('href')).toBe(LETTER_UNSUBSCRIBE_SLOT);
    // Only the small-screen rules and the rest of the sheet: no site scripts or style sheets.
    expect(d.querySelectorAll('script, link[rel=stylesheet]')).toHaveLength(0);
  });

  it('leaves the city out of a post without one, and falls back to the title for a hero without alt text', async () => {
    const d = await render({ post: { ...POST, cityId: null, heroAlt: '', heroImage: null }, city: undefined, blocks: [], items: [] });
    expect(d.querySelector('.kicker')?.textContent?.trim()).toBe('November 12, 2026');
    expect(d.querySelector('.hero img')?.getAttribute('alt')).toBe('The Bica Ritual');
    expect(d.querySelector('.hero img')?.getAttribute('src')).toBe('https://forkcast.example/images/fallback.jpg');
    expect(d.querySelector('a.button')?.getAttribute('href')).toBe('https://forkcast.example/post/bica-ritual');
  });
});
