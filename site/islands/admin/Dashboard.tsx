import { useEffect, useState } from 'react';
import { roleAtLeast, type CurrentUser, type Role } from '@forkcast/shared/contracts';
import { useAuth } from '../shared/auth-store';
import { IslandRoot } from '../shared/IslandRoot';
import { toast } from '../shared/toast-store';
import { DashboardCities } from './DashboardCities';
import { DashboardGuideForm } from './DashboardGuideForm';
import { DashboardInbox } from './DashboardInbox';
import { DashboardPosts } from './DashboardPosts';
import { DashboardPublishStatus } from './DashboardPublishStatus';
import { ADMIN_LOGIN_URL, scheduleRedirect } from './DashboardQueries';
import { DashboardSubscribers } from './DashboardSubscribers';
import { DashboardHistory, DashboardTrash } from './history/DashboardHistory';
import { restoreAfterRepublish } from './publish';
import { DashboardSends } from './newsletter/DashboardSends';
import { ReviewQueue } from './review/ReviewQueue';
import './admin-page-styles';

type Session = { state: 'loading' } | { state: 'signed-out' } | { state: 'signed-in'; user: CurrentUser };

/** Loading, then access restricted (toast, redirect after 1 s) or the dashboard. */
function useAdminSession(): Session {
  const [session, setSession] = useState<Session>({ state: 'loading' });
  useEffect(() => {
    let active = true;
    let cancelRedirect: (() => void) | undefined;
    void useAuth
      .getState()
      .load()
      .then((user) => {
        if (!active) return;
        if (user) {
          setSession({ state: 'signed-in', user });
          // A message carried over from the page before (an undo, a deletion in the editor) shows here.
          restoreAfterRepublish({ showMessage: true });
          return;
        }
        setSession({ state: 'signed-out' });
        toast({
          title: 'Unauthorized',
          description: 'You need to be logged in to access the admin panel. Redirecting to login...',
          variant: 'destructive',
        });
        cancelRedirect = scheduleRedirect(ADMIN_LOGIN_URL);
      });
    return () => {
      active = false;
      cancelRedirect?.();
    };
  }, []);
  return session;
}

const ROLE_NAMES: Record<Role, string> = {
  owner: 'Owner',
  administrator: 'Administrator',
  editor: 'Editor',
  author: 'Author',
  contributor: 'Contributor',
};

function DashboardHeader({ user }: { user: CurrentUser }) {
  return (
    <header className="fc-dash-header">
      <div>
        <p className="kicker">The newsroom</p>
        <h1>Admin Dashboard</h1>
        <p className="fc-dash-meta">
          Signed in as <strong>{user.name}</strong> ({user.email}), {ROLE_NAMES[user.role].toLowerCase()}
        </p>
      </div>
      <nav className="fc-dash-header__nav" aria-label="Admin">
        <a className="button button--ghost fc-dash-small-button" href="/">
          View site
        </a>
        <a className="button fc-dash-small-button" href="/api/logout">
          Log out
        </a>
      </nav>
    </header>
  );
}

function DashboardBody() {
  const session = useAdminSession();
  if (session.state === 'loading') {
    return (
      <div className="fc-dash-center" role="status">
        <span className="fc-dash-spinner" aria-hidden="true" />
        <span>Loading the dashboard…</span>
      </div>
    );
  }
  if (session.state === 'signed-out') {
    return (
      <div className="fc-dash-center" role="status">
        <p>
          You need to be logged in to access the admin panel. Redirecting to <a href={ADMIN_LOGIN_URL}>the login page</a>…
        </p>
      </div>
    );
  }
  // Each role sees the panels it may use (the server refuses the rest anyway): writers their own
  // posts, editors all content, history and the publisher, administrators readers and sends too.
  const { user } = session;
  const editor = roleAtLeast(user.role, 'editor');
  const administrator = roleAtLeast(user.role, 'administrator');
  return (
    <>
      <DashboardHeader user={user} />
      <div className={editor ? 'fc-dash-grid' : 'fc-dash-grid fc-dash-grid--single'}>
        <div className="fc-dash-main">
          {/* Review (issue 41): the posts waiting for an editor. Self-contained; mounted here only. */}
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
    </>
  );
}

/** The /admin island (client:only="react"): the editor's dashboard. */
export default function Dashboard() {
  return (
    <IslandRoot>
      <div className="fc-dash wrap">
        <DashboardBody />
      </div>
    </IslandRoot>
  );
}
