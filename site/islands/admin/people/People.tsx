import { IslandRoot } from '../../shared/IslandRoot';
import { AdminFrame } from '../AdminFrame';
import { PeopleSection } from './PeopleSection';
import '../admin-page-styles';

/** The /admin/people island (client:only="react"): who is in the newsroom, and inviting more. */
export default function People() {
  return (
    <IslandRoot>
      <div className="fc-dash wrap">
        <AdminFrame title="People" section="people">
          {(user) => <PeopleSection user={user} />}
        </AdminFrame>
      </div>
    </IslandRoot>
  );
}
