import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '@forkcast/shared/contracts';
import { json, renderIsland, stubApi } from '../admin/test-api';
import { SearchDialog, useSearchDialog } from './SearchDialog';

const hit = {
  type: 'post' as const,
  title: 'The Ramen Counters',
  url: '/kyoto/ramen',
  city: { slug: 'kyoto', name: 'Kyoto' },
  titleRuns: [{ text: 'The Ramen Counters', match: false }],
  snippet: [{ text: 'Noodles.', match: false }],
};

function answer(fields: Partial<SearchAnswer>): SearchAnswer {
  return {
    query: 'the',
    correctedQuery: null,
    total: 1,
    totalExact: true,
    hits: [hit],
    facets: { types: { guide: 0, post: 1, restaurant: 0, author: 0, page: 0 }, cities: [{ slug: 'kyoto', name: 'Kyoto', count: 1 }] },
    facetsExact: true,
    ...fields,
  };
}

async function searchFor(found: SearchAnswer) {
  stubApi({ 'GET /api/search?q=the&limit=10': () => json(200, found) });
  renderIsland(<SearchDialog />);
  act(() => useSearchDialog.getState().openFrom(null));
  await userEvent.type(await screen.findByLabelText('Search city guides, restaurants, dining posts and authors'), 'the');
  return screen.findByRole('status', {}, { timeout: 2000 });
}

describe('the search dialog', () => {
  afterEach(() => act(() => useSearchDialog.getState().setOpen(false)));

  it('says how many results exactly up to the count limit', async () => {
    const status = await searchFor(answer({}));
    await within(status).findByText('1 result.');
    expect(screen.getByRole('link', { name: 'See all 1 result' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Kyoto (1)' })).toBeTruthy();
  });

  it("says '1,000+ results' above the count limit, and each filter's count as at least that many", async () => {
    const status = await searchFor(
      answer({
        total: 1000,
        totalExact: false,
        facets: {
          types: { guide: 12, post: 988, restaurant: 0, author: 0, page: 0 },
          cities: [{ slug: 'kyoto', name: 'Kyoto', count: 7 }],
        },
        facetsExact: false,
      }),
    );
    await within(status).findByText('1,000+ results.');
    expect(screen.getByRole('link', { name: 'See all 1,000+ results' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Kyoto (7+)' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Dining posts988+' })).toBeTruthy();
    // None among the newest matches says nothing of the rest: no count rather than '0'.
    expect(screen.getByRole('radio', { name: 'Restaurants' })).toBeTruthy();
  });
});
