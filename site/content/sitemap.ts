/**
 * Posts the sitemap page lists with the posts under /post/ rather than under a city, whatever
 * their slug says. The Mission District burrito notes are the San Francisco post kept there since
 * the sitemap was first laid out; add a slug here to move another post the same way.
 */
export const SITEMAP_POST_SLUGS: readonly string[] = ['mission-district-burrito-field-notes'];
