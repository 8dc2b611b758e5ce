import { POST_STATUS_LABEL, type CityOverview } from '@forkcast/shared/contracts';

/** A city's guide at a glance, under a 'Guide' heading: its status as a pill, or that it has none. */
export function GuideState({ guide }: { guide: CityOverview['guide'] }) {
  if (!guide) return <span className="fc-guide-none">No guide</span>;
  return <span className={`fc-status fc-status--${guide.status}`}>{POST_STATUS_LABEL[guide.status]}</span>;
}
