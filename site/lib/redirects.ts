import { alternatePostPaths, type Redirect } from '@forkcast/shared/urls';
import { citiesById, postPath, type LinkableCity, type LinkablePost } from './links';

/**
 * Every redirect a static host can serve from a file: each published post's other URLs (the
 * /post/{slug} of a city post, and both other URLs of a city's guide) to its canonical path.
 */
export function siteRedirects(cities: readonly LinkableCity[], publishedPosts: readonly LinkablePost[]): Redirect[] {
  const byId = citiesById(cities);
  return publishedPosts.flatMap((post) => {
    const city = post.cityId === null ? undefined : byId.get(post.cityId);
    return alternatePostPaths(post, city).map((from) => ({ from, to: postPath(post, byId) }));
  });
}
