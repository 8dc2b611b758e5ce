import { IslandRoot } from '../../shared/IslandRoot';
import { AdminFrame } from '../AdminFrame';
import { ProfileForm } from './ProfileForm';
import '../admin-page-styles';

/** The /admin/profile island (client:only="react"): every role edits their own profile here. */
export default function Profile() {
  return (
    <IslandRoot>
      <div className="fc-dash wrap">
        <AdminFrame title="Your profile" section="profile">
          {(user) => <ProfileForm user={user} />}
        </AdminFrame>
      </div>
    </IslandRoot>
  );
}
