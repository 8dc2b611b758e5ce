import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { objectPosition, type MediaPage } from '@forkcast/shared/contracts';
import { SEO_LIMITS } from '@forkcast/shared/seo';
import { adminQuery } from '../DashboardQueries';
import { MEDIA_URL } from '../media/MediaGrid';
import { clipped, displayUrl, type SeoDraft } from './seo-draft';

/** What the page says when a field is empty: shown as placeholders and in the previews. */
export interface SeoDefaults {
  /** The page's whole <title>, like 'Ramen Street | Forkcast'. */
  title: string;
  description: string;
  /** The hero image, or the site's share picture. */
  image: string;
  /** The page's own address (a path), or undefined before it has one. */
  path: string | undefined;
}

interface SeoPanelProps {
  value: SeoDraft;
  onChange: (change: Partial<SeoDraft>) => void;
  defaults: SeoDefaults;
  site: { name: string; origin: string };
  /** Open when it first shows (when any field is set, so nothing set is out of sight); the editor opens and closes it after. */
  defaultOpen?: boolean;
}

/** '42 / 60': how much of a field a search result shows, marked once it is longer. */
function Counter({ id, length, hint, what }: { id: string; length: number; hint: number; what: string }) {
  const over = length > hint;
  return (
    <span id={id} className={`fc-seo__count${over ? ' fc-seo__count--over' : ''}`}>
      {length} / {hint}
      <span className="visually-hidden"> characters</span>
      {over && <span className="fc-seo__count-note"> · results may cut {what}</span>}
    </span>
  );
}

/**
 * Where the shared card of an image is cut: around the focal point of a library image, found by
 * its address, as the page's 1200x630 card is; the middle for any other picture.
 */
function useCardPosition(image: string): string | undefined {
  const found = useQuery({
    queryKey: [MEDIA_URL, 'url', image],
    queryFn: adminQuery<MediaPage>(`${MEDIA_URL}?${new URLSearchParams({ url: image, page: '1' })}`),
    enabled: image.startsWith('/uploads/'),
  });
  const item = found.data?.items[0];
  return item ? objectPosition(item.focalPoint) : undefined;
}

/**
 * A document's search and social fields, with a search result and a shared card as they will look,
 * updated as the editor types. Each field left empty keeps the page's default, shown as its
 * placeholder. Posts and guides use it; any document with the same fields can.
 */
export function SeoPanel({ value, onChange, defaults, site, defaultOpen = false }: SeoPanelProps) {
  const id = useId();
  const [open, setOpen] = useState(defaultOpen);
  // An address typed halfway loads nothing: the card shows the default picture until it does.
  const [broken, setBroken] = useState<string | undefined>(undefined);
  const text = (key: 'metaTitle' | 'metaDescription' | 'ogImage' | 'canonicalUrl') => ({
    value: value[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange({ [key]: event.target.value }),
  });
  const title = value.metaTitle.trim() || defaults.title;
  const description = value.metaDescription.trim() || defaults.description;
  const typedImage = value.ogImage.trim() || defaults.image;
  const image = typedImage === broken ? defaults.image : typedImage;
  const cardPosition = useCardPosition(image);
  const address = value.canonicalUrl.trim() || defaults.path || '/';
  const host = displayUrl('/', site.origin).split(' › ')[0];
  const titleLength = value.metaTitle.trim().length || defaults.title.length;
  const descriptionLength = value.metaDescription.trim().length || defaults.description.length;

  return (
    <details className="fc-seo" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="fc-seo__summary">
        <span className="fc-seo__heading">SEO &amp; social</span>
        <span className="fc-seo__status">
          {value.noindex ? 'Hidden from search engines' : 'How search results and shared links show it'}
        </span>
      </summary>
      <div className="fc-seo__body">
        <div className="fc-seo__previews">
          <figure className="fc-seo__preview">
            <figcaption>Search result</figcaption>
            <div className="fc-serp" data-testid="serp-preview">
              <p className="fc-serp__site">
                <span className="fc-serp__icon" aria-hidden="true">
                  {site.name.charAt(0)}
                </span>
                <span className="fc-serp__where">
                  <span className="fc-serp__name">{site.name}</span>
                  <span className="fc-serp__url">{displayUrl(address, site.origin)}</span>
                </span>
              </p>
              <p className="fc-serp__title">{clipped(title, SEO_LIMITS.titleHint)}</p>
              <p className="fc-serp__description">
                {description ? clipped(description, SEO_LIMITS.descriptionHint) : 'No description: search engines pick text from the page.'}
              </p>
              {value.noindex && <p className="fc-serp__hidden">Not shown in search results (noindex)</p>}
            </div>
          </figure>
          <figure className="fc-seo__preview">
            <figcaption>Shared link</figcaption>
            <div className="fc-card" data-testid="card-preview">
              <img
                className="fc-card__image"
                src={image}
                style={cardPosition ? { objectPosition: cardPosition } : undefined}
                alt=""
                loading="lazy"
                onError={() => image !== defaults.image && setBroken(image)}
              />
              <div className="fc-card__text">
                <span className="fc-card__host">{host}</span>
                <span className="fc-card__title">{title}</span>
                {description && <span className="fc-card__description">{description}</span>}
              </div>
            </div>
          </figure>
        </div>

        <div className="fc-seo__fields">
          <div className="fc-field">
            <label htmlFor={`${id}-title`}>Meta title</label>
            <input
              id={`${id}-title`}
              {...text('metaTitle')}
              placeholder={defaults.title}
              maxLength={SEO_LIMITS.metaTitle}
              aria-describedby={`${id}-title-count`}
            />
            <Counter id={`${id}-title-count`} length={titleLength} hint={SEO_LIMITS.titleHint} what="the title" />
          </div>
          <div className="fc-field">
            <label htmlFor={`${id}-description`}>Meta description</label>
            <textarea
              id={`${id}-description`}
              {...text('metaDescription')}
              rows={3}
              placeholder={defaults.description || 'A sentence or two on what the page offers'}
              maxLength={SEO_LIMITS.metaDescription}
              aria-describedby={`${id}-description-count`}
            />
            <Counter id={`${id}-description-count`} length={descriptionLength} hint={SEO_LIMITS.descriptionHint} what="the description" />
          </div>
          <div className="fc-field">
            <label htmlFor={`${id}-image`}>Share image</label>
            <input
              id={`${id}-image`}
              {...text('ogImage')}
              placeholder={defaults.image}
              maxLength={SEO_LIMITS.url}
              aria-describedby={`${id}-image-hint`}
            />
            <span id={`${id}-image-hint`} className="fc-seo__hint">
              An https address or an image under /uploads/; empty: the hero image.
            </span>
          </div>
          <div className="fc-field">
            <label htmlFor={`${id}-canonical`}>Canonical URL</label>
            <input
              id={`${id}-canonical`}
              {...text('canonicalUrl')}
              placeholder={defaults.path ? `${site.origin}${defaults.path}` : 'This page’s own address'}
              maxLength={SEO_LIMITS.url}
              aria-describedby={`${id}-canonical-hint`}
            />
            <span id={`${id}-canonical-hint`} className="fc-seo__hint">
              Only when the original lives elsewhere: an https address or a path on this site.
            </span>
          </div>
          <label className="fc-seo__noindex">
            <input type="checkbox" checked={value.noindex} onChange={(event) => onChange({ noindex: event.target.checked })} />
            <span>
              Hide from search engines
              <span className="fc-seo__hint">Adds noindex and leaves the sitemap; readers can still open it.</span>
            </span>
          </label>
        </div>
      </div>
    </details>
  );
}
