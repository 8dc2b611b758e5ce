import { roleAtLeast, type CurrentUser } from '@forkcast/shared/contracts';
import { IslandRoot } from '../shared/IslandRoot';
import { AdminFrame } from './AdminFrame';
import { DashboardPosts } from './DashboardPosts';
import { ReviewQueue } from './review/ReviewQueue';
import './admin-page-styles';

/**
 * The overview: the posts, and for an editor first what waits for review. Everything else has a
 * section of its own in the sidebar (/admin/cities, /admin/newsletter, ...).
 */
function DashboardBody({ user }: { user: CurrentUser }) {
  const editor = roleAtLeast(user.role, 'editor');
  return (
    <div className="fc-dash-main">
      {editor && <ReviewQueue />}
      <DashboardPosts {...(editor ? { views: true } : { authorId: user.id })} />
    </div>
  );
}

/** The /admin island (client:only="react"): the editor's dashboard. */
export default function Dashboard() {
  return (
    <IslandRoot>
      <div className="fc-dash wrap">
        <AdminFrame title="Admin Dashboard" section="dashboard">
          {(user) => <DashboardBody user={user} />}
        </AdminFrame>
      </div>
    </IslandRoot>
  );
}
