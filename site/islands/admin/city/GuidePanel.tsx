import type { CityOverview } from '@forkcast/shared/contracts';
import { newGuideUrl, postEditorUrl } from '../admin-urls';
import { plural } from '../DashboardFormat';
import { GuideState } from './GuideState';

/** '3 posts belong to it, its guide included; its itinerary has 12 places.' */
function belongings({ postCount, restaurantCount, guide }: CityOverview): string {
  const posts =
    postCount === 0
      ? 'No posts belong to it yet'
      : `${plural(postCount, 'post')} ${postCount === 1 ? 'belongs' : 'belong'} to it${guide ? ', its guide included' : ''}`;
  return `${posts}${restaurantCount > 0 ? `; its itinerary has ${plural(restaurantCount, 'place')}` : ''}.`;
}

/** The city's guide and posts, with the way to edit or write the guide: a city's pages exist only while its guide is published. */
export function GuidePanel({ city }: { city: CityOverview }) {
  return (
    <section className="fc-city-guide" aria-label="Guide and posts">
      <h2 className="fc-city-guide__title">Guide</h2>
      <p className="fc-city-guide__state">
        <GuideState guide={city.guide} />
        {city.guide && <span className="fc-city-guide__name">{city.guide.title}</span>}
      </p>
      {city.guide ? (
        <p className="fc-city-guide__links">
          <a href={postEditorUrl(city.guide.id)}>Edit the guide</a>
          {city.guide.status === 'published' && <a href={city.url}>View it on the site</a>}
        </p>
      ) : (
        <>
          <p className="fc-dash-hint">The city’s pages appear once its guide is published.</p>
          <a className="button button--ghost fc-dash-small-button" href={newGuideUrl(city.id)}>
            Write its guide
          </a>
        </>
      )}
      <p className="fc-dash-hint">{belongings(city)}</p>
    </section>
  );
}
