import { useEffect, useState, type ReactNode } from 'react';
import { roleAtLeast, type CurrentUser, type Role } from '@forkcast/shared/contracts';
import { useAuth } from '../shared/auth-store';
import { toast } from '../shared/toast-store';
import { ADMIN_LOGIN_URL, scheduleRedirect } from './DashboardQueries';
import { restoreAfterRepublish } from './publish';

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

/** The admin's pages, each a link in the sections nav for the roles that may use it. */
export type AdminSection =
  | 'dashboard'
  | 'cities'
  | 'newsletter'
  | 'inbox'
  | 'publishing'
  | 'history'
  | 'people'
  | 'webhooks'
  | 'transfer'
  | 'profile';

/** Each section with its address and the least role that may use it (the server's rules for its routes). */
export const ADMIN_SECTIONS: readonly { section: AdminSection; label: string; href: string; least: Role }[] = [
  { section: 'dashboard', label: 'Dashboard', href: '/admin', least: 'contributor' },
  { section: 'cities', label: 'Cities', href: '/admin/cities', least: 'editor' },
  { section: 'newsletter', label: 'Newsletter', href: '/admin/newsletter', least: 'administrator' },
  { section: 'inbox', label: 'Inbox', href: '/admin/inbox', least: 'administrator' },
  { section: 'publishing', label: 'Publishing', href: '/admin/publishing', least: 'editor' },
  { section: 'history', label: 'History and trash', href: '/admin/history', least: 'editor' },
  { section: 'people', label: 'People', href: '/admin/people', least: 'editor' },
  { section: 'webhooks', label: 'Webhooks', href: '/admin/webhooks', least: 'administrator' },
  { section: 'transfer', label: 'Export and import', href: '/admin/transfer', least: 'administrator' },
  { section: 'profile', label: 'Your profile', href: '/admin/profile', least: 'contributor' },
];

function DashboardHeader({ user, title }: { user: CurrentUser; title: string }) {
  return (
    <header className="fc-dash-header">
      <div>
        <p className="kicker">The newsroom</p>
        <h1>{title}</h1>
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

/** The sections the signed-in role may use, the current one marked. */
function SectionsNav({ user, section }: { user: CurrentUser; section: AdminSection }) {
  return (
    <nav className="fc-admin-sections" aria-label="Admin sections">
      <ul>
        {ADMIN_SECTIONS.filter((entry) => roleAtLeast(user.role, entry.least)).map((entry) => (
          <li key={entry.section}>
            <a href={entry.href} {...(entry.section === section ? { 'aria-current': 'page' as const } : {})}>
              {entry.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * What every admin page shares: the session check (loading, then a redirect to sign in, or the
 * page), and the header naming who is signed in, with the admin's pages and sign-out.
 */
export function AdminFrame({
  title,
  section,
  children,
}: {
  title: string;
  section: AdminSection;
  children: (user: CurrentUser) => ReactNode;
}) {
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
  return (
    <>
      <DashboardHeader user={session.user} title={title} />
      <SectionsNav user={session.user} section={section} />
      {children(session.user)}
    </>
  );
}
