import { pageDescription } from '../../../lib/site-pages';
import { SeoPanel } from '../seo/SeoPanel';
import type { SeoDraft } from '../seo/seo-draft';

/** The picture a page shares when it names none (BaseLayout's default). */
const DEFAULT_SHARE_IMAGE = '/images/og-default.jpg';

/** The site's name and public address, as the admin page's own head states them (og:site_name, canonical). */
function siteIdentity(): { name: string; origin: string } {
  const name = document.querySelector<HTMLMetaElement>('meta[property="og:site_name"]')?.content || 'Forkcast';
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  return { name, origin: canonical ? new URL(canonical).origin : window.location.origin };
}

interface Props {
  draft: SeoDraft & { title: string; slug: string; content: string };
  onChange: (change: Partial<SeoDraft>) => void;
}

/**
 * The page editor's search and social fields, with the previews of the post editor: each empty
 * field shows what the page's head says instead (its title, its first paragraph, the site's share
 * picture, its own address).
 */
export function PageSeoPanel({ draft, onChange }: Props) {
  const site = siteIdentity();
  const slug = draft.slug.trim();
  const filled = draft.metaTitle.trim() || draft.metaDescription.trim() || draft.ogImage.trim() || draft.canonicalUrl.trim();
  return (
    <SeoPanel
      value={draft}
      onChange={onChange}
      defaults={{
        title: `${draft.title.trim() || 'Title'} | ${site.name}`,
        description: pageDescription(draft.content, site.name),
        image: DEFAULT_SHARE_IMAGE,
        path: slug ? `/${slug}` : undefined,
      }}
      site={site}
      defaultOpen={Boolean(filled) || draft.noindex}
    />
  );
}
