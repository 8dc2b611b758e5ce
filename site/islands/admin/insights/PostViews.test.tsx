import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderIsland, stubApi } from '../test-api';
import { PostReaders } from './PostViews';

describe("a post's readers in the editor", () => {
  it('says how many views and visitors the last 30 days brought, and links to the insights', async () => {
    stubApi({
      'GET /api/insights/posts?ids=7': () =>
        json(200, [{ id: 7, path: '/kyoto/ramen', pageviews: 1520, visitors: 904, days: Array(30).fill(50) }]),
    });
    renderIsland(<PostReaders postId={7} />);
    const panel = await screen.findByRole('region', { name: 'Readers' });
    await screen.findByText('1,520');
    expect(panel.textContent).toContain('1,520 views by 904 visitors in the last 30 days');
    expect(screen.getByRole('link', { name: 'All insights' }).getAttribute('href')).toBe('/admin/insights');
  });
});
