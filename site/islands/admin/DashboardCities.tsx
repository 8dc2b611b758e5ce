import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { CityOverview } from '@forkcast/shared/contracts';
import { longDate } from '../../lib/dates';
import { DashboardQueryError } from './DashboardQueryError';
import { adminQuery, CITY_OVERVIEWS_URL, LOGIN_URL } from './DashboardQueries';
import { cityEditorUrl } from './admin-urls';
import { GuideState } from './city/GuideState';
import { usePostViews, ViewsSparkline } from './insights/PostViews';

/** Letters compared without case or accents, so 'sao' finds São Paulo. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();

function matches(city: CityOverview, query: string): boolean {
  const wanted = folded(query.trim());
  return wanted === '' || [city.name, city.slug, city.country].some((text) => folded(text).includes(wanted));
}

/** Every city in display order: its address, its guide's state and readers, its posts and its last edit; each row opens its editor. */
export function DashboardCities() {
  const id = useId();
  const [query, setQuery] = useState('');
  const cities = useQuery({ queryKey: [CITY_OVERVIEWS_URL], queryFn: adminQuery<CityOverview[]>(CITY_OVERVIEWS_URL) });
  const rows = (cities.data ?? []).filter((city) => matches(city, query));
  const guideViews = usePostViews(
    rows.flatMap((city) => (city.guide ? [city.guide.id] : [])),
    true,
  );

  return (
    <section className="fc-dash-card" aria-labelledby={`${id}-title`}>
      <div className="fc-dash-card__head">
        <div>
          <p className="kicker">Places</p>
          <h2 id={`${id}-title`}>Cities</h2>
        </div>
        <a className="button fc-dash-small-button" href={cityEditorUrl()}>
          New city
        </a>
      </div>

      <form className="fc-posts-filters" role="search" aria-label="Search cities" onSubmit={(event) => event.preventDefault()}>
        <label className="fc-field">
          <span>Search cities</span>
          <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="Name, slug or country" />
        </label>
      </form>

      {cities.isPending && (
        <p className="fc-dash-empty" role="status">
          Loading cities…
        </p>
      )}
      {cities.isError && (
        <DashboardQueryError
          error={cities.error}
          failure="Failed to fetch cities"
          expired={
            <>
              Your session has expired. <a href={LOGIN_URL}>Sign in again</a>.
            </>
          }
          onRetry={() => void cities.refetch()}
        />
      )}
      {cities.isSuccess && cities.data.length === 0 && (
        <p className="fc-dash-empty">No cities yet. Create one, or generate a guide below.</p>
      )}
      {cities.isSuccess && cities.data.length > 0 && rows.length === 0 && <p className="fc-dash-empty">No cities match.</p>}
      {rows.length > 0 && (
        <div className="fc-dash-table-wrap" role="region" aria-label="Cities table" tabIndex={0}>
          <table className="fc-dash-table fc-cities-table">
            <caption className="visually-hidden">Cities, in the order the site lists them</caption>
            <thead>
              <tr>
                <th scope="col">City</th>
                <th scope="col">Guide</th>
                <th scope="col" className="fc-dash-number">
                  Posts
                </th>
                <th scope="col">Edited</th>
                <th scope="col">Guide views, 30 days</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((city) => (
                <tr key={city.id}>
                  <th scope="row" className="fc-cities-table__name">
                    <a href={cityEditorUrl(city.id)}>{city.name}</a>
                    <span className="fc-dash-meta fc-dash-slug">/{city.slug}</span>
                  </th>
                  <td className="fc-cities-table__guide">
                    <GuideState guide={city.guide} />
                  </td>
                  <td className="fc-dash-number fc-cities-table__posts">
                    {city.postCount}
                    <span className="fc-dash-unit"> {city.postCount === 1 ? 'post' : 'posts'}</span>
                  </td>
                  <td className="fc-dash-date fc-cities-table__date">
                    <span className="fc-dash-unit">Edited </span>
                    <time dateTime={city.updatedAt}>{longDate(city.updatedAt)}</time>
                  </td>
                  <td className="fc-cities-table__views">{city.guide && <ViewsSparkline views={guideViews.get(city.guide.id)} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
