import { roleAtLeast, type CurrentUser } from '@forkcast/shared/contracts';
import { IslandRoot } from '../shared/IslandRoot';
import { AdminFrame } from './AdminFrame';
import { DashboardCities } from './DashboardCities';
import { DashboardGuideForm } from './DashboardGuideForm';
import { DashboardInbox } from './DashboardInbox';
import { DashboardPosts } from './DashboardPosts';
import { DashboardPublishStatus } from './DashboardPublishStatus';
import { DashboardSubscribers } from './DashboardSubscribers';
import { DashboardHistory, DashboardTrash } from './history/DashboardHistory';
import { DashboardSends } from './newsletter/DashboardSends';
import { ReviewQueue } from './review/ReviewQueue';
import './admin-page-styles';

function DashboardBody({ user }: { user: CurrentUser }) {
  // Each role sees the panels it may use (the server refuses the rest anyway): writers their own
  // posts, editors all content, history and the publisher, administrators readers and sends too.
  const editor = roleAtLeast(user.role, 'editor');
  const administrator = roleAtLeast(user.role, 'administrator');
  return (
    <div className={editor ? 'fc-dash-grid' : 'fc-dash-grid fc-dash-grid--single'}>
      <div className="fc-dash-main">
        {editor && <ReviewQueue />}
        <DashboardPosts {...(editor ? {} : { authorId: user.id })} />
        {editor && <DashboardCities />}
        {editor && <DashboardGuideForm />}
        {administrator && <DashboardSends />}
        {administrator && <DashboardSubscribers />}
      </div>
      {editor && (
        <div className="fc-dash-side">
          <DashboardHistory />
          <DashboardTrash />
          <DashboardPublishStatus />
          {administrator && <DashboardInbox />}
        </div>
      )}
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
