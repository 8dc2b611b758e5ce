import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderInRoot } from '../Dashboard.test-utils';
import { mediaItem, mediaPage } from '../media/media.test-utils';
import { clipped, displayUrl, EMPTY_SEO_DRAFT, seoApiFields, type SeoDraft } from './seo-draft';
import { SeoPanel, type SeoDefaults } from './SeoPanel';

const SITE = { name: 'Forkcast', origin: 'https://forkcast.test' };
const DEFAULTS: SeoDefaults = {
  title: 'Bifanas at noon | Forkcast',
  description: 'Pork, bread, mustard.',
  image: '/images/posts/bifana.jpg',
  path: '/lisbon/bifanas-at-noon',
};

/** The panel as an editor holds it: its own draft, every change laid over it. */
function Harness({ initial = EMPTY_SEO_DRAFT, open = true }: { initial?: SeoDraft; open?: boolean }) {
  const [draft, setDraft] = useState(initial);
  return (
    <>
      <SeoPanel
        value={draft}
        onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
        defaults={DEFAULTS}
        site={SITE}
        defaultOpen={open}
      />
      <output data-testid="sent">{JSON.stringify(seoApiFields(draft))}</output>
    </>
  );
}

const serp = () => screen.getByTestId('serp-preview');
const card = () => screen.getByTestId('card-preview');
const sent = () => JSON.parse(screen.getByTestId('sent').textContent!) as Record<string, unknown>;

describe('the SEO & social panel', () => {
  it("shows the page's defaults as placeholders and in both previews while the fields are empty", () => {
    renderInRoot(<Harness />);
    expect(screen.getByRole('textbox', { name: 'Meta title' }).getAttribute('placeholder')).toBe(DEFAULTS.title);
    expect(screen.getByRole('textbox', { name: 'Meta description' }).getAttribute('placeholder')).toBe(DEFAULTS.description);
    expect(screen.getByRole('textbox', { name: 'Canonical URL' }).getAttribute('placeholder')).toBe(
      'https://forkcast.test/lisbon/bifanas-at-noon',
    );
    expect(within(serp()).getByText(DEFAULTS.title)).toBeTruthy();
    expect(within(serp()).getByText('forkcast.test › lisbon › bifanas-at-noon')).toBeTruthy();
    expect(within(card()).getByText(DEFAULTS.description)).toBeTruthy();
    expect(card().querySelector('img')?.getAttribute('src')).toBe(DEFAULTS.image);
    expect(sent()).toEqual({ metaTitle: null, metaDescription: null, ogImage: null, canonicalUrl: null, noindex: false });
  });

  it('updates the search result and the card as the editor types, and counts against the hints', async () => {
    renderInRoot(<Harness />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Meta title' }), 'Lisbon’s best bifanas');
    await user.type(screen.getByRole('textbox', { name: 'Meta description' }), 'Six counters, one sandwich.');
    await user.type(screen.getByRole('textbox', { name: 'Share image' }), '/uploads/bifana-card.jpg');
    expect(within(serp()).getByText('Lisbon’s best bifanas')).toBeTruthy();
    expect(within(serp()).getByText('Six counters, one sandwich.')).toBeTruthy();
    expect(within(card()).getByText('Lisbon’s best bifanas')).toBeTruthy();
    expect(card().querySelector('img')?.getAttribute('src')).toBe('/uploads/bifana-card.jpg');
    expect(screen.getByText(/^21 \/ 60/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Meta title' }).getAttribute('aria-describedby')).toBeTruthy();

    const long = 'A very long meta title that goes on past what any search result would show';
    await user.clear(screen.getByRole('textbox', { name: 'Meta title' }));
    await user.type(screen.getByRole('textbox', { name: 'Meta title' }), long);
    expect(screen.getByText(/results may cut the title/)).toBeTruthy();
    expect(within(serp()).getByText(clipped(long, 60))).toBeTruthy();
    expect(sent()).toMatchObject({ metaTitle: long, metaDescription: 'Six counters, one sandwich.', ogImage: '/uploads/bifana-card.jpg' });
  });

  it('shows the default picture on the card while the typed address loads nothing', async () => {
    renderInRoot(<Harness />);
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Share image' }), '/upl');
    const img = card().querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/upl');
    fireEvent.error(img);
    expect(card().querySelector('img')!.getAttribute('src')).toBe(DEFAULTS.image);
  });

  it('hides the page from search engines with one checkbox, and says so in the summary and the result', async () => {
    renderInRoot(<Harness />);
    await userEvent.setup().click(screen.getByRole('checkbox', { name: /Hide from search engines/ }));
    expect(sent()).toMatchObject({ noindex: true });
    expect(screen.getByText('Hidden from search engines')).toBeTruthy();
    expect(within(serp()).getByText('Not shown in search results (noindex)')).toBeTruthy();
  });

  it('starts closed when nothing is set, and opens on its summary', async () => {
    const { container } = renderInRoot(<Harness open={false} />);
    const details = container.querySelector('details')!;
    expect(details.open).toBe(false);
    await userEvent.setup().click(screen.getByText('SEO & social'));
    expect(details.open).toBe(true);
  });
});

describe('the previews’ text', () => {
  it('cuts at a word with an ellipsis, and writes an address as a search result does', () => {
    expect(clipped('Short', 60)).toBe('Short');
    expect(clipped('Ramen after dark in the alleys of Ichijōji, counter by counter', 40)).toBe('Ramen after dark in the alleys of…');
    expect(displayUrl('/kyoto/ramen', 'https://forkcast.test')).toBe('forkcast.test › kyoto › ramen');
    expect(displayUrl('https://partner.example/a/b', 'https://forkcast.test')).toBe('partner.example › a › b');
  });

  it("cuts the card around a library image's focal point, as the page's own card is cut", async () => {
    const item = mediaItem({ focalPoint: { x: 0.2, y: 0.75 } });
    mockFetch({ [`GET /api/media?url=${encodeURIComponent(item.url)}&page=1`]: json(200, mediaPage([item])) });
    renderInRoot(<Harness />);
    const image = card().querySelector('img')!;
    expect(image.style.objectPosition, 'a picture outside the library: the middle').toBe('');
    fireEvent.change(screen.getByRole('textbox', { name: 'Share image' }), { target: { value: item.url } });
    await waitFor(() => expect(image.style.objectPosition).toBe('20% 75%'));
  });
});
